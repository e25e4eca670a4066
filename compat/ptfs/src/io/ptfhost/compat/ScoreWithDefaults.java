package io.ptfhost.compat;

/** Value state whose primitive field has an initialiser: a fresh instance starts at 99. */
public class ScoreWithDefaults {
    public String s;
    public int i = 99;

    @Override
    public String toString() {
        return "ScoreWithDefaults(s='" + s + "', i=" + i + ")";
    }
}
