package io.ptfhost.bridge.runtime;

/**
 * The event being processed: an input row (eval) or a firing timer (onTimer). Filled from the
 * batch record before each call and read by the contexts. Times are epoch milliseconds;
 * {@link #NONE} (Long.MIN_VALUE) means null, as on the wire.
 */
final class Event {

    static final long NONE = Long.MIN_VALUE;

    /** Index of the record in the batch (for OUT and ERROR messages). */
    int recordIndex;

    /** The key's slot in the batch's key table, or {@link BatchProtocol#NO_KEY}. */
    int keySlot;

    /**
     * eval: the row's on_time value ({@link #NONE} = none); onTimer: the timer's time, always
     * present (a timer at Long.MIN_VALUE reports that value, as in Flink).
     */
    long time;

    /** True while onTimer runs (then {@link #time} is never null). */
    boolean timer;

    /** The combined watermark (currentWatermark()). */
    long watermark;

    /** eval: the watermark of the row's table; onTimer: none. */
    long tableWatermark;

    /** onTimer: the firing timer's name; null for unnamed timers and in eval. */
    String timerName;
}
