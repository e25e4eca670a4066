package io.ptfhost.bridge;

/** Version of the bridge's Java half; the C side checks it at start-up. */
public final class Version {
    public static final String BRIDGE = "5";

    private Version() {}

    public static String bridgeVersion() {
        return BRIDGE;
    }
}
