package io.ptfhost.bridge.runtime;

import java.nio.ByteBuffer;

/**
 * The open functions, by handle: what {@code Bridge.open/process/drain/close} work on. Handles are
 * small ints, reused after close. Opening and closing are synchronized; a handle's batches are
 * run by one thread at a time (C's contract), so process itself takes no lock.
 */
public final class Runtimes {

    private static final HandleTable<FunctionRuntime> TABLE = new HandleTable<>();

    private Runtimes() {}

    /** Bridge.open: returns {"handle", "changelog_mode", "output_type"} (docs/internals.md). */
    public static String open(String[] jars, String className, String planJson, ByteBuffer scalars)
            throws Exception {
        FunctionRuntime r = FunctionRuntime.open(jars, className, planJson, scalars);
        return r.describe(TABLE.add(r));
    }

    public static int process(int handle, ByteBuffer in, ByteBuffer out) {
        return get(handle).process(in, out);
    }

    public static int drain(int handle, ByteBuffer out) {
        return get(handle).drain(out);
    }

    /** Calls the function's close() and frees the handle; returns 1, or 0 for an unknown handle. */
    public static int close(int handle) throws Exception {
        FunctionRuntime r = TABLE.remove(handle);
        if (r == null) {
            return 0;
        }
        r.close();
        return 1;
    }

    /** The watchdog's view of a function (from any thread); handle as a decimal string. */
    public static String progress(String handle) {
        return get(Integer.parseInt(handle)).progress().snapshot();
    }

    public static String stack(String handle) {
        return get(Integer.parseInt(handle)).progress().stack();
    }

    public static String stop(String handle) {
        get(Integer.parseInt(handle)).progress().stop();
        return "";
    }

    static FunctionRuntime get(int handle) {
        return TABLE.get(handle, "function");
    }
}
