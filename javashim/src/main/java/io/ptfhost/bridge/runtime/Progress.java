package io.ptfhost.bridge.runtime;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * What C's stuck-call watchdog (native/engine/watchdog.h) reads of one function while its batch
 * runs: the thread running it, how many user calls have started and the batch record of the
 * latest. Written by the batch thread only, read from the watchdog's thread. call() runs once per
 * user call, so it publishes with release stores (no full fence per row, as a volatile write
 * would cost); the watchdog reads with acquire loads.
 */
final class Progress {

    private static final VarHandle CALLS;
    private static final VarHandle RECORD;

    static {
        try {
            MethodHandles.Lookup l = MethodHandles.lookup();
            CALLS = l.findVarHandle(Progress.class, "calls", long.class);
            RECORD = l.findVarHandle(Progress.class, "record", int.class);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }

    private volatile Thread worker;
    private long calls;       // one writer: the batch thread
    private int record = -1;

    void beginBatch(Thread t) {
        worker = t;
        RECORD.setRelease(this, -1);
    }

    void call(int recordIndex) {
        RECORD.setRelease(this, recordIndex);
        CALLS.setRelease(this, calls + 1);
    }

    /** "calls record", e.g. "17 3" (record -1: no call started in this batch yet). */
    String snapshot() {
        return (long) CALLS.getAcquire(this) + " " + (int) RECORD.getAcquire(this);
    }

    /**
     * The Java stack of the batch thread, one "\tat frame" line each, from the top down to the
     * user's outermost frame (the runtime's own frames below it are left out).
     */
    String stack() {
        Thread t = worker;
        if (t == null) {
            return "";
        }
        StackTraceElement[] st = t.getStackTrace();
        StringBuilder b = new StringBuilder();
        for (StackTraceElement e : st) {
            if (e.getClassName().equals(FunctionRuntime.class.getName())) {
                break;
            }
            if (e.getClassName().startsWith("java.lang.invoke.")) {
                continue;   // the method handle's plumbing between the runtime and eval
            }
            if (b.length() > 0) {
                b.append('\n');
            }
            b.append("\tat ").append(e);
        }
        return b.toString();
    }

    /**
     * Stops the batch thread with a ThreadDeath (Thread.stop, still there in JDK 17 to 19): the
     * call unwinds and the batch ends; C then fails the job with its own message.
     */
    @SuppressWarnings({"deprecation", "removal"})
    void stop() {
        Thread t = worker;
        if (t != null) {
            t.stop();
        }
    }
}
