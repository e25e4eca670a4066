package io.ptfhost.compat;

/** Value state with nullable fields only (absent state = all fields null). */
public class Score {
    public String s;
    public Integer i;

    @Override
    public String toString() {
        return "Score(s='" + s + "', i=" + i + ")";
    }
}
