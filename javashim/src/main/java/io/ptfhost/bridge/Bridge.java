package io.ptfhost.bridge;

/**
 * The bridge's Java entry points, called from jni/ only (docs/internals.md). All static.
 */
public final class Bridge {
    private Bridge() {}

    /**
     * Signature extraction for every PTF class in {@code jars} (or only {@code className});
     * returns the signature JSON of docs/internals.md.
     * (Placeholder until the extraction lands; jni/ resolves this method at start-up.)
     */
    public static String describe(String[] jars, String className) {
        throw new UnsupportedOperationException("Bridge.describe is not implemented yet");
    }
}
