package io.ptfhost.bridge.runtime;

import static io.ptfhost.bridge.runtime.BatchProtocol.END;
import static io.ptfhost.bridge.runtime.BatchProtocol.ERROR;
import static io.ptfhost.bridge.runtime.BatchProtocol.HELD;
import static io.ptfhost.bridge.runtime.BatchProtocol.NAME_MAX;
import static io.ptfhost.bridge.runtime.BatchProtocol.OUT;
import static io.ptfhost.bridge.runtime.BatchProtocol.STATE;
import static io.ptfhost.bridge.runtime.BatchProtocol.TIMERS_CLEAR_ALL;
import static io.ptfhost.bridge.runtime.BatchProtocol.TIMER_CLEAR;
import static io.ptfhost.bridge.runtime.BatchProtocol.TIMER_SET;
import static io.ptfhost.bridge.runtime.BatchProtocol.UNNAMED;

import io.ptfhost.bridge.Batch;

import java.nio.charset.StandardCharsets;

/**
 * Writes the {@code out} side of a batch: the tagged messages of docs/internals.md ("The runtime
 * hand-off", tags in {@link BatchProtocol}), in the order they happen. One instance per function;
 * {@link #begin} binds it to a batch's buffer.
 */
final class Messages {

    private Batch.Out out;

    void begin(Batch.Out out) {
        this.out = out;
    }

    /** An emitted row: {@code row[off .. off+len)} is its encoded {@code row} (codec.h). */
    void out(int recordIndex, byte kind, byte[] row, int off, int len) {
        out.put(OUT).putInt(recordIndex).put(kind).putInt(len).put(row, off, len);
    }

    /** A registration by the call of record recordIndex (C applies Flink's rules to it). */
    void timerSet(int recordIndex, int keySlot, long time, String name) {
        byte[] utf8 = nameBytes(name);
        out.put(TIMER_SET).putInt(recordIndex).putInt(keySlot).putLong(time);
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

    /** Java holds the entry's value for the slot's key from now on; C's bytes of it are stale. */
    void held(int keySlot, int entry) {
        out.put(HELD).putInt(keySlot).putShort((short) entry);
    }

    void error(int recordIndex, String text) {
        byte[] utf8 = text.getBytes(StandardCharsets.UTF_8);
        out.put(ERROR).putInt(recordIndex).putInt(utf8.length).put(utf8);
    }

    void end(int consumed) {
        out.put(END).putInt(consumed);
    }

    /** Timer names are UTF-8 with a u16 length; {@link BatchProtocol#UNNAMED} is reserved for null. */
    private static byte[] nameBytes(String name) {
        if (name == null) {
            return null;
        }
        byte[] utf8 = name.getBytes(StandardCharsets.UTF_8);
        if (utf8.length > NAME_MAX) {
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
