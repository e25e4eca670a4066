package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.Batch;

import java.nio.charset.StandardCharsets;

/**
 * Writes the {@code out} side of a batch: the tagged messages of docs/internals.md ("The runtime
 * hand-off"), in the order they happen. One instance per function; {@link #begin} binds it to a
 * batch's buffer.
 */
final class Messages {

    static final byte END = 0;
    static final byte OUT = 1;
    static final byte TIMER_SET = 2;
    static final byte TIMER_CLEAR = 3;
    static final byte TIMERS_CLEAR_ALL = 4;
    static final byte STATE = 5;
    static final byte ERROR = 6;

    /** u16 name_len value of an unnamed timer. */
    static final int UNNAMED = 0xFFFF;

    private Batch.Out out;

    void begin(Batch.Out out) {
        this.out = out;
    }

    /** An emitted row: {@code row[off .. off+len)} is its encoded {@code row} (codec.h). */
    void out(int recordIndex, byte kind, byte[] row, int off, int len) {
        out.put(OUT).putInt(recordIndex).put(kind).putInt(len).put(row, off, len);
    }

    void timerSet(int keySlot, long time, String name) {
        byte[] utf8 = nameBytes(name);
        out.put(TIMER_SET).putInt(keySlot).putLong(time);
        putName(utf8);
    }

    void timerClear(int keySlot, long time, String name) {
        byte[] utf8 = nameBytes(name);
        out.put(TIMER_CLEAR).putInt(keySlot).putLong(time);
        putName(utf8);
    }

    void timersClearAll(int keySlot) {
        out.put(TIMERS_CLEAR_ALL).putInt(keySlot);
    }

    /** A state entry's final value after the batch: {@code value[off .. off+len)}; null = absent. */
    void state(int keySlot, int entry, byte[] value, int off, int len) {
        out.put(STATE).putInt(keySlot).putShort((short) entry);
        if (value == null) {
            out.put((byte) 0);
        } else {
            out.put((byte) 1).putInt(len).put(value, off, len);
        }
    }

    void error(int recordIndex, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        out.put(ERROR).putInt(recordIndex).putInt(utf8.length).put(utf8);
    }

    void end(int consumed) {
        out.put(END).putInt(consumed);
    }

    /** Timer names are UTF-8 with a u16 length; 0xFFFF is reserved for "unnamed" (null). */
    private static byte[] nameBytes(String name) {
        if (name == null) {
            return null;
        }
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        if (utf8.length >= UNNAMED) {
            throw new IllegalArgumentException("Timer names are limited to 65534 UTF-8 bytes, but '"
                    + name.substring(0, 40) + "...' has " + utf8.length + ".");
        }
        return utf8;
    }

    private void putName(byte[] utf8) {
        if (utf8 == null) {
            out.putShort((short) UNNAMED);
        } else {
            out.putShort((short) utf8.length).put(utf8);
        }
    }
}
