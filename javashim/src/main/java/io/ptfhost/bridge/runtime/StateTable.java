package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.codec.Codec;
import io.ptfhost.bridge.codec.CodecOutput;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The state of a batch's keys: for every key slot and state entry, its current bytes (one
 * {@code value} of the entry's type, codec.h), where C's copy is in the batch input and changed
 * values in an arena. Java reads and writes entries here during the batch; at the end every
 * changed entry becomes one STATE message. C stores the values between batches.
 *
 * <p>Value state is decoded into a fresh object per call and written back by Flink's rules
 * ({@link #writeValue}). List and map views keep one decoded collection per key for the batch,
 * like a state backend, and are encoded once at the end if they were written.
 *
 * <p>Records without a key ({@link BatchProtocol#NO_KEY}) use a scratch slot that starts empty for
 * every call and is never sent back: Flink has no keyed state there.
 */
final class StateTable {

    private static final byte IN = 0;
    private static final byte ARENA = 1;

    private final int nentries;
    private final Codec[] codecs;
    private final boolean[] list;
    private final boolean[] map;
    /** Number of fields of each value entry's ROW/structured type (for the all-null rule). */
    private final int[] arity;

    private ByteBuffer in;
    private int nkeys;
    private int[] off = new int[0];
    private int[] len = new int[0];
    private byte[] where = new byte[0];
    private boolean[] dirty = new boolean[0];
    private Object[] views = new Object[0];
    private final CodecOutput arena = new CodecOutput(4096);

    /** The slot of the key the current call runs under, as an index into the cells. */
    private int slot;

    StateTable(Codec[] codecs, boolean[] list, boolean[] map, int[] arity) {
        this.nentries = codecs.length;
        this.codecs = codecs;
        this.list = list;
        this.map = map;
        this.arity = arity;
    }

    int entries() {
        return nentries;
    }

    boolean isView(int entry) {
        return list[entry] || map[entry];
    }

    /**
     * Reads the key table of a batch from {@code batch} (positioned at it; left after it).
     * Values are not decoded here, only located.
     */
    void begin(ByteBuffer batch, int nkeys) {
        this.in = batch.duplicate().order(ByteOrder.LITTLE_ENDIAN);
        this.nkeys = nkeys;
        int cells = (nkeys + 1) * nentries; // + the scratch slot for BatchProtocol.NO_KEY
        if (off.length < cells) {
            int cap = Math.max(cells, off.length * 2);
            off = new int[cap];
            len = new int[cap];
            where = new byte[cap];
            dirty = new boolean[cap];
            views = new Object[cap];
        } else {
            Arrays.fill(dirty, 0, cells, false);
            Arrays.fill(views, 0, cells, null);
        }
        arena.position(0);
        int c = 0;
        for (int k = 0; k < nkeys; k++) {
            for (int e = 0; e < nentries; e++, c++) {
                int n = BatchProtocol.readStateCell(batch, k, e);
                where[c] = IN;
                off[c] = n < 0 ? -1 : batch.position() - n;
                len[c] = Math.max(n, 0);
            }
        }
        select(BatchProtocol.NO_KEY);
    }

    /** Makes the given key slot current; the scratch slot is emptied for each call. */
    void select(int keySlot) {
        if (keySlot == BatchProtocol.NO_KEY) {
            slot = nkeys;
            int base = nkeys * nentries;
            for (int e = 0; e < nentries; e++) {
                off[base + e] = -1;
                views[base + e] = null;
            }
        } else {
            if (keySlot < 0 || keySlot >= nkeys) {
                throw new IllegalArgumentException("Corrupt batch: key slot " + Integer.toUnsignedString(keySlot)
                        + " is outside the key table of " + nkeys + " keys.");
            }
            slot = keySlot;
        }
    }

    /** The current key's value state entry, decoded into a fresh object; null if absent. */
    Object readValue(int entry) {
        int c = slot * nentries + entry;
        return off[c] < 0 ? null : decode(c);
    }

    /**
     * Flink's write-back of a value entry after a call: a cleared entry, a null object or one
     * whose fields are all null becomes absent; an unchanged value is not rewritten.
     */
    void writeValue(int entry, Object value, boolean cleared) {
        int c = slot * nentries + entry;
        if (cleared || value == null) {
            setAbsent(c);
            return;
        }
        int p = arena.position();
        try {
            codecs[entry].write(arena, value);
        } catch (RuntimeException e) {
            arena.position(p);
            throw e;
        }
        int end = arena.position();
        ByteBuffer a = arena.buffer();
        if (allNull(a, p, arity[entry])) {
            arena.position(p);
            setAbsent(c);
        } else if (off[c] >= 0 && sameBytes(c, a, p, end - p)) {
            arena.position(p);
        } else {
            off[c] = p;
            len[c] = end - p;
            where[c] = ARENA;
            dirty[c] = true;
        }
    }

    /** The current key's list (ArrayList) or map (HashMap) of a view entry, loaded on first use. */
    Object view(int entry, boolean write) {
        int c = slot * nentries + entry;
        Object v = views[c];
        if (v == null) {
            if (off[c] >= 0) {
                v = decode(c);
                if (list[entry] && !(v instanceof ArrayList)) {
                    v = new ArrayList<>((List<?>) v);
                } else if (map[entry] && !(v instanceof HashMap)) {
                    v = new HashMap<>((Map<?, ?>) v);
                }
            } else {
                v = list[entry] ? new ArrayList<>() : new HashMap<>();
            }
            views[c] = v;
        }
        if (write) {
            dirty[c] = true;
        }
        return v;
    }

    /** clearState on a view entry: the key's list or map becomes empty (absent) after the call. */
    void clearView(int entry) {
        int c = slot * nentries + entry;
        views[c] = list[entry] ? new ArrayList<>() : new HashMap<>();
        dirty[c] = true;
    }

    /** Sends one STATE message per changed entry of a real key (views are encoded here). */
    void flush(Messages messages) {
        int cells = nkeys * nentries;
        for (int c = 0; c < cells; c++) {
            if (!dirty[c]) {
                continue;
            }
            int entry = c % nentries;
            if (isView(entry) && views[c] != null) {
                Object v = views[c];
                boolean empty = list[entry] ? ((List<?>) v).isEmpty() : ((Map<?, ?>) v).isEmpty();
                if (empty) {
                    off[c] = -1;
                } else {
                    int p = arena.position();
                    codecs[entry].write(arena, v);
                    off[c] = p;
                    len[c] = arena.position() - p;
                    where[c] = ARENA;
                }
            }
            if (off[c] < 0) {
                messages.state(c / nentries, entry, null, 0, 0);
            } else {
                ByteBuffer a = arena.buffer();
                messages.state(c / nentries, entry, a.array(), a.arrayOffset() + off[c], len[c]);
            }
        }
    }

    private void setAbsent(int c) {
        if (off[c] >= 0) {
            off[c] = -1;
            dirty[c] = true;
        }
    }

    private Object decode(int c) {
        ByteBuffer src = where[c] == IN ? in : arena.buffer();
        int saved = src.position();
        try {
            src.position(off[c]);
            Object v = codecs[c % nentries].read(src);
            if (src.position() != off[c] + len[c]) {
                throw new IllegalArgumentException("Corrupt batch: state value of entry " + (c % nentries)
                        + " is " + len[c] + " bytes but its " + codecs[c % nentries].type() + " value used "
                        + (src.position() - off[c]) + ".");
            }
            return v;
        } finally {
            src.position(saved);
        }
    }

    private boolean sameBytes(int c, ByteBuffer a, int p, int n) {
        if (len[c] != n) {
            return false;
        }
        ByteBuffer src = where[c] == IN ? in : a;
        int o = off[c];
        for (int i = 0; i < n; i++) {
            if (src.get(o + i) != a.get(p + i)) {
                return false;
            }
        }
        return true;
    }

    /** A composite {@code value} whose null bits are all set (Flink: never stored). */
    private static boolean allNull(ByteBuffer a, int p, int n) {
        if (a.get(p) == 0) {
            return true;
        }
        for (int i = 0; i < n; i++) {
            if ((a.get(p + 1 + (i >>> 3)) & (1 << (i & 7))) == 0) {
                return false;
            }
        }
        return true;
    }
}
