package io.ptfhost.bridge;

import io.ptfhost.bridge.extract.Describer;

/**
 * The bridge's Java entry points, called from jni/ only (see docs/internals.md). Static methods;
 * strings cross JNI as (modified) UTF-8.
 */
public final class Bridge {
    private Bridge() {}

    /**
     * The signature JSON for the PTFs of the given JARs (all of them, or only {@code className}).
     * A bad JAR or class is reported inside the JSON; an exception means an internal fault.
     */
    public static String describe(String[] jars, String className) {
        return Describer.describe(jars, className);
    }
}
