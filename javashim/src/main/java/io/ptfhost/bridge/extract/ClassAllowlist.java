package io.ptfhost.bridge.extract;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Pattern;

/**
 * CMF's {@code cmf.sql.classAllowlist} for user code, set by the environment variable
 * {@code PTFHOST_CLASS_ALLOWLIST}: when set, a user loader loads only classes whose name matches a
 * pattern, so a JAR that CMF would refuse fails here first. Patterns are comma-separated; {@code *}
 * matches any characters, dots included ({@code java.*}, {@code com.example.*},
 * {@code com.example.Median}). The list covers every class user code loads, the JDK's included.
 *
 * <p>Best effort, not a security boundary (as CMF documents its allowlist): code that catches the
 * error, or reaches classes through the bridge, is not stopped.
 */
public final class ClassAllowlist {
    public static final String ENV = "PTFHOST_CLASS_ALLOWLIST";

    private final String rule;
    private final List<Pattern> patterns;

    private ClassAllowlist(String rule, List<Pattern> patterns) {
        this.rule = rule;
        this.patterns = Collections.unmodifiableList(patterns);
    }

    /** The allowlist in text (null or blank: none, every class allowed). */
    public static ClassAllowlist parse(String text) {
        if (text == null || text.isBlank()) return null;
        List<Pattern> patterns = new ArrayList<>();
        List<String> shown = new ArrayList<>();
        for (String p : text.split(",")) {
            String glob = p.trim();
            if (glob.isEmpty()) continue;
            shown.add(glob);
            List<String> parts = new ArrayList<>();
            for (String part : glob.split("\\*", -1)) parts.add(Pattern.quote(part));
            patterns.add(Pattern.compile(String.join(".*", parts)));
        }
        return patterns.isEmpty() ? null : new ClassAllowlist(String.join(",", shown), patterns);
    }

    /** The allowlist of this process's environment, or null. */
    static ClassAllowlist fromEnvironment() {
        return parse(System.getenv(ENV));
    }

    public boolean allows(String className) {
        for (Pattern p : patterns) {
            if (p.matcher(className).matches()) return true;
        }
        return false;
    }

    /** Throws when className matches no pattern: the class and the rule. */
    public void check(String className) {
        if (!allows(className)) {
            throw new SecurityException("class " + className + " is not allowed: it matches no pattern of the"
                    + " class allowlist (cmf.sql.classAllowlist, " + ENV + ") '" + rule + "'");
        }
    }
}
