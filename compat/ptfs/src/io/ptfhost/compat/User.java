package io.ptfhost.compat;

/** Typed table / scalar argument: a POJO with a full constructor and no default one. */
public class User {
    public String s;
    public Integer i;

    public User(String s, Integer i) {
        this.s = s;
        this.i = i;
    }

    @Override
    public String toString() {
        return "User(s='" + s + "', i=" + i + ")";
    }
}
