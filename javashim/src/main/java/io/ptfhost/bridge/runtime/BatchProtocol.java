package io.ptfhost.bridge.runtime;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

/**
 * The batch protocol of docs/internals.md ("The runtime hand-off"), Java's half: the magic
 * number, every record type, message tag and sentinel, and the reading of a batch (header,
 * key-table cells, records). {@link Messages} writes the answer with these tags. The C half is
 * native/protocol/batch.h; tests/vectors/batch.txt holds vectors both halves check.
 *
 * <p>All integers are little-endian (the caller's buffer is set to that order); a long of
 * {@link Event#NONE} is null. The readers throw IllegalArgumentException naming what is corrupt,
 * or BufferUnderflowException when a batch ends in the middle of a record.
 */
final class BatchProtocol {

    static final int MAGIC = 0x42465450; // "PTFB"
    static final int HEADER_SIZE = 12;
    /** Key slot of a record without a key (no keyed state). */
    static final int NO_KEY = 0xFFFFFFFF;
    /** Table index of an EVAL without a table argument. */
    static final int NO_TABLE = 0xFFFF;
    /** Name length of an unnamed timer. */
    static final int UNNAMED = 0xFFFF;
    /** Longest timer name, in UTF-8 bytes. */
    static final int NAME_MAX = 0xFFFE;

    // record types (C -> Java)
    static final byte EVAL = 1;
    static final byte TIMER = 2;
    static final byte WATERMARK = 3;
    /** Write back every value Java holds for the batch's key table (STATE messages), then let go of them. */
    static final byte WRITEBACK = 4;

    // key-table cells: u8 presence 0 (absent) | 1 (u32 len, value) | CELL_HOLDABLE
    /** A cell whose value Java may hold between batches: u32 key id, then u8 0 | 1 (u32 len, value) | CELL_HELD_BY_JAVA. */
    static final byte CELL_HOLDABLE = 2;
    static final byte CELL_HELD_BY_JAVA = 2;
    /** readStateCell: the value is the object Java holds for the cell's key id. */
    static final int HELD_VALUE = -2;

    // message tags (Java -> C)
    static final byte END = 0;
    static final byte OUT = 1;
    static final byte TIMER_SET = 2;
    static final byte TIMER_CLEAR = 3;
    static final byte TIMERS_CLEAR_ALL = 4;
    static final byte STATE = 5;
    static final byte ERROR = 6;
    static final byte HELD = 7;

    private BatchProtocol() {}

    /** A batch's header: its key slots and records. */
    static final class Header {
        final int nkeys;
        final int nrecords;

        Header(int nkeys, int nrecords) {
            this.nkeys = nkeys;
            this.nrecords = nrecords;
        }
    }

    /**
     * Reads the header at in's position; nentries (state entries per key) bounds the key table.
     * owner names the function in messages.
     */
    static Header readHeader(ByteBuffer in, int nentries, String owner) {
        if (in.remaining() < HEADER_SIZE || in.getInt() != MAGIC) {
            throw new IllegalArgumentException("Corrupt batch for " + owner + ": it does not start with "
                    + String.format("the magic number 0x%08X (\"PTFB\").", MAGIC));
        }
        int nkeys = in.getInt();
        int nrecords = in.getInt();
        if (nkeys < 0 || nrecords < 0 || (long) nkeys * nentries > in.remaining()) {
            throw new IllegalArgumentException("Corrupt batch for " + owner + ": "
                    + Integer.toUnsignedString(nkeys) + " keys and " + Integer.toUnsignedString(nrecords)
                    + " records do not fit its " + in.limit() + " bytes.");
        }
        return new Header(nkeys, nrecords);
    }

    /**
     * Reads one key-table cell (key slot, state entry): returns the value's length, its bytes
     * ending at in's new position, -1 for an absent value or {@link #HELD_VALUE}. keyId[0] becomes
     * the key id of a {@link #CELL_HOLDABLE} cell, else -1.
     */
    static int readStateCell(ByteBuffer in, int slot, int entry, int[] keyId) {
        int at = in.position();
        byte present = in.get();
        keyId[0] = -1;
        if (present == CELL_HOLDABLE) {
            keyId[0] = in.getInt();
            if (keyId[0] < 0) {
                throw new IllegalArgumentException("Corrupt batch: key id " + Integer.toUnsignedString(keyId[0])
                        + " of key slot " + slot + ", entry " + entry + " at byte " + at + " is out of range.");
            }
            at = in.position();
            present = in.get();
            if (present == CELL_HELD_BY_JAVA) {
                return HELD_VALUE;
            }
        }
        if (present == 0) {
            return -1;
        }
        if (present != 1) {
            throw new IllegalArgumentException("Corrupt batch: presence byte " + (present & 0xff)
                    + " of key slot " + slot + ", entry " + entry + " at byte " + at + " is neither 0 nor 1.");
        }
        int n = in.getInt();
        if (n < 0 || n > in.remaining()) {
            throw new IllegalArgumentException("Corrupt batch: state value of key slot " + slot + ", entry " + entry
                    + " at byte " + at + " claims " + Integer.toUnsignedString(n) + " bytes but " + in.remaining()
                    + " remain.");
        }
        in.position(in.position() + n);
        return n;
    }

    /** One record as read; its row stays in the batch (rowOffset, rowLength). Reused per record. */
    static final class Record {
        byte type;
        int keySlot;
        /** EVAL: the table argument's index, or {@link #NO_TABLE}. */
        int table;
        /** EVAL: the row's kind byte. */
        byte kind;
        /** The combined watermark visible to the call; WATERMARK: the new value. */
        long watermark;
        /** EVAL: the watermark of the row's table. */
        long tableWatermark;
        /** EVAL: the row's on_time value; TIMER: the timer's time. */
        long time;
        /** TIMER: the timer's name, null = unnamed. */
        String timerName;
        /** EVAL: where the row's bytes are in the batch, and how many (0 without a table). */
        int rowOffset;
        int rowLength;
    }

    /** Reads the record at in's position (the batch's record number index) into r; in ends after it. */
    static void readRecord(ByteBuffer in, int index, Record r, String owner) {
        int at = in.position();
        r.type = in.get();
        r.keySlot = NO_KEY;
        r.table = NO_TABLE;
        r.kind = 0;
        r.watermark = r.tableWatermark = r.time = Event.NONE;
        r.timerName = null;
        r.rowOffset = r.rowLength = 0;
        switch (r.type) {
            case EVAL:
                readEval(in, index, r, owner);
                break;
            case TIMER:
                r.keySlot = in.getInt();
                r.time = in.getLong();
                r.watermark = in.getLong();
                r.timerName = readName(in);
                break;
            case WATERMARK:
                r.watermark = in.getLong();
                break;
            case WRITEBACK:
                break;
            default:
                throw new IllegalArgumentException("Corrupt batch for " + owner + ": record " + index + " at byte "
                        + at + " has type " + (r.type & 0xff) + " (expected 1, 2, 3 or 4).");
        }
    }

    private static void readEval(ByteBuffer in, int index, Record r, String owner) {
        r.keySlot = in.getInt();
        r.table = in.getShort() & 0xFFFF;
        r.kind = in.get();
        r.watermark = in.getLong();
        r.tableWatermark = in.getLong();
        r.time = in.getLong();
        int len = in.getInt();
        if (len < 0 || len > in.remaining()) {
            throw new IllegalArgumentException("Corrupt batch for " + owner + ": the row of record " + index
                    + " claims " + Integer.toUnsignedString(len) + " bytes but " + in.remaining() + " remain.");
        }
        r.rowOffset = in.position();
        r.rowLength = len;
        in.position(r.rowOffset + len);
    }

    private static String readName(ByteBuffer in) {
        int n = in.getShort() & 0xFFFF;
        if (n == UNNAMED) {
            return null;
        }
        byte[] name = new byte[n];
        in.get(name);
        return new String(name, StandardCharsets.UTF_8);
    }
}
