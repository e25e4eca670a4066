package io.ptfhost.bridge;

import io.ptfhost.bridge.extract.Describer;
import io.ptfhost.bridge.runtime.Runtimes;
import io.ptfhost.bridge.runtime.ScalarRuntime;

import java.nio.ByteBuffer;

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

    /** describe of one class for a planner: the same JSON without the JARs' lint (Describer.signature). */
    public static String signature(String[] jars, String className) {
        return Describer.signature(jars, className);
    }

    // ---- runner (docs/internals.md, "The runtime hand-off"); implemented in bridge.runtime ----

    /**
     * Opens a PTF for a call the C planner planned: returns {@code {"handle", "changelog_mode",
     * "output_type"}}. {@code scalars} holds the scalar arguments, one value each in signature
     * order. Throws for anything wrong with the class, the plan or the arguments.
     */
    public static String open(String[] jars, String className, String planJson, ByteBuffer scalars)
            throws Exception {
        return Runtimes.open(jars, className, planJson, scalars);
    }

    /** One batch; returns the bytes written to out, or minus the bytes needed (then drain). */
    public static int process(int handle, ByteBuffer in, int inLength, ByteBuffer out) {
        return Runtimes.process(handle, Batch.sized(in, inLength), out);
    }

    /** Hands over the output of the last process call that did not fit. */
    public static int drain(int handle, ByteBuffer out) {
        return Runtimes.drain(handle, out);
    }

    /** Calls the function's close() and frees the handle; 1, or 0 for an unknown handle. */
    public static int close(int handle) throws Exception {
        return Runtimes.close(handle);
    }

    // ---- scalar functions (docs/internals.md, "Scalar functions"); bridge.runtime.ScalarRuntime ----

    /** Opens a scalar function: {"handle", "deterministic", "signature"}; throws for a bad class. */
    public static String openScalar(String[] jars, String className) throws Exception {
        return ScalarRuntime.open(jars, className);
    }

    /** One batch of calls; the bytes written to out, or minus the bytes needed (then drainScalar). */
    public static int processScalar(int handle, ByteBuffer in, int inLength, ByteBuffer out) {
        return ScalarRuntime.process(handle, Batch.sized(in, inLength), out);
    }

    public static int drainScalar(int handle, ByteBuffer out) {
        return ScalarRuntime.drain(handle, out);
    }

    /** Calls the function's close() and frees the handle; 1, or 0 for an unknown handle. */
    public static int closeScalar(int handle) throws Exception {
        return ScalarRuntime.close(handle);
    }

    // ---- the stuck-call watchdog (native/engine/watchdog.h), from its own thread ----

    /** "calls record": user calls started so far and the batch record of the latest. */
    public static String progress(String handle) {
        return Runtimes.progress(handle);
    }

    /** The Java stack of the thread running the function's batch, user frames only. */
    public static String stack(String handle) {
        return Runtimes.stack(handle);
    }

    /** Stops the thread running the function's batch (the stuck-call limit); returns "". */
    public static String stop(String handle) {
        return Runtimes.stop(handle);
    }
}
