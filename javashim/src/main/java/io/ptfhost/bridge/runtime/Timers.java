package io.ptfhost.bridge.runtime;

/**
 * Timer requests of the current call, forwarded to C as TIMER_* messages for the current key
 * and record (C owns the timers and every rule about them: replace for named, merge for
 * unnamed, firing order, Flink 2.1/2.2 ignoring a timer at or before the watermark). Remembers
 * the earliest time registered in this batch, which decides where the batch must stop so that
 * C can fire it in Flink's order (docs/internals.md, WATERMARK records).
 */
final class Timers {

    private final boolean allowed;
    private final Event event;
    private final Messages messages;

    /** Smallest time registered in this batch; Long.MAX_VALUE if none. */
    private long earliest = Long.MAX_VALUE;
    private boolean any;

    Timers(boolean allowed, Event event, Messages messages) {
        this.allowed = allowed;
        this.event = event;
        this.messages = messages;
    }

    boolean allowed() {
        return allowed;
    }

    void beginBatch() {
        earliest = Long.MAX_VALUE;
        any = false;
    }

    /** Whether a timer registered in this batch is due at the given watermark. */
    boolean dueAt(long watermark) {
        return any && earliest <= watermark;
    }

    void set(String name, long time) {
        messages.timerSet(event.recordIndex, event.keySlot, time, name);
        any = true;
        earliest = Math.min(earliest, time);
    }

    /** name null = the unnamed timer at time; otherwise time is ignored. */
    void clear(String name, long time) {
        messages.timerClear(event.keySlot, time, name);
    }

    void clearAll() {
        messages.timersClearAll(event.keySlot);
    }
}
