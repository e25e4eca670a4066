package io.ptfhost.bridge.runtime;

/**
 * What C's stuck-call watchdog (native/engine/watchdog.h) reads of one function while its batch
 * runs: the thread running it, how many user calls have started and the batch record of the
 * latest. Written by the batch thread only, read from the watchdog's thread (hence volatile).
 */
final class Progress {

    private volatile Thread worker;
    private volatile long calls;
    private volatile int record = -1;

    void beginBatch(Thread t) {
        worker = t;
        record = -1;
    }

    void call(int recordIndex) {
        record = recordIndex;
        calls = calls + 1;   // one writer: the batch thread
    }

    /** "calls record", e.g. "17 3" (record -1: no call started in this batch yet). */
    String snapshot() {
        return calls + " " + record;
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
