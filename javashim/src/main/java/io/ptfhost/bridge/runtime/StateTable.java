package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.codec.Codec;
import io.ptfhost.bridge.codec.CodecOutput;

import io.ptfhost.bridge.codec.CompositeCodec;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

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
 *
 * <p>Held values (docs/internals.md, "State between batches"): where C marks a cell holdable
 * (a key id comes with it) and the entry's codec is {@link CompositeCodec#holdable()}, the object
 * a call leaves behind stays here between batches, under its key id, instead of being encoded; C
 * gets a HELD message once and no bytes until a WRITEBACK record asks for them. The write-back
 * rules still apply per call: a cleared, null or all-null value becomes absent at once.
 */
final class StateTable {

    private static final byte IN = 0;
    private static final byte ARENA = 1;
    private static final byte HELD = 2; // the object in obj[c]

    private final int nentries;
    private final Codec[] codecs;
    private final boolean[] list;
    private final boolean[] map;
    /** Number of fields of each value entry's ROW/structured type (for the all-null rule). */
    private final int[] arity;
    /** Per value entry: its composite codec when its objects may be held, else null. */
    private final CompositeCodec[] holdable;
    /** Per entry: key id -> the object Java holds for that key (null: none). */
    private final Object[][] heldByKey;

    private ByteBuffer in;
    private int nkeys;
    private int[] off = new int[0];
    private int[] len = new int[0];
    private byte[] where = new byte[0];
    private boolean[] dirty = new boolean[0];
    private Object[] views = new Object[0];
    private Object[] obj = new Object[0];       // HELD cells: the object
    private int[] keyIds = new int[0];          // holdable cells: the key id, else -1
    private boolean[] heldAtStart = new boolean[0];
    private final int[] keyIdOut = new int[1];
    private final CodecOutput arena = new CodecOutput(4096);

    /** The slot of the key the current call runs under, as an index into the cells. */
    private int slot;

    StateTable(Codec[] codecs, boolean[] list, boolean[] map, int[] arity) {
        this.nentries = codecs.length;
        this.codecs = codecs;
        this.list = list;
        this.map = map;
        this.arity = arity;
        this.holdable = new CompositeCodec[nentries];
        this.heldByKey = new Object[nentries][];
        boolean views = false;
        for (int e = 0; e < nentries; e++) {
            views |= list[e] || map[e];
        }
        // A view encoded at the end of a batch could hold a reference to a value object that a
        // later call of the batch changes: with views, every value goes through bytes.
        for (int e = 0; e < nentries && !views; e++) {
            if (codecs[e] instanceof CompositeCodec
                    && ((CompositeCodec) codecs[e]).holdable()) {
                holdable[e] = (CompositeCodec) codecs[e];
                heldByKey[e] = new Object[0];
            }
        }
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
            obj = new Object[cap];
            keyIds = new int[cap];
            heldAtStart = new boolean[cap];
        } else {
            Arrays.fill(dirty, 0, cells, false);
            Arrays.fill(views, 0, cells, null);
            Arrays.fill(obj, 0, cells, null);
        }
        arena.position(0);
        for (int k = 0; k < nkeys; k += FunctionRuntime.CHUNK) {
            readCells(batch, k, Math.min(nkeys, k + FunctionRuntime.CHUNK));
        }
        select(BatchProtocol.NO_KEY);
    }

    /** The state cells of the batch's key slots from (inclusive) to to. */
    private void readCells(ByteBuffer batch, int from, int to) {
        int c = from * nentries;
        for (int k = from; k < to; k++) {
            for (int e = 0; e < nentries; e++, c++) {
                int n = BatchProtocol.readStateCell(batch, k, e, keyIdOut);
                int id = keyIdOut[0];
                keyIds[c] = id;
                heldAtStart[c] = n == BatchProtocol.HELD_VALUE;
                if (heldAtStart[c]) {
                    Object o = heldByKey[e] != null && id < heldByKey[e].length ? heldByKey[e][id] : null;
                    if (o == null) {
                        throw new IllegalArgumentException("Corrupt batch: key slot " + k + ", entry " + e
                                + " is held by Java, but Java holds no value for key id " + id + ".");
                    }
                    where[c] = HELD;
                    obj[c] = o;
                    off[c] = -1;
                    len[c] = 0;
                    continue;
                }
                where[c] = IN;
                off[c] = n < 0 ? -1 : batch.position() - n;
                len[c] = Math.max(n, 0);
            }
        }
    }

    /** Makes the given key slot current; the scratch slot is emptied for each call. */
    void select(int keySlot) {
        if (keySlot == BatchProtocol.NO_KEY) {
            slot = nkeys;
            int base = nkeys * nentries;
            for (int e = 0; e < nentries; e++) {
                off[base + e] = -1;
                views[base + e] = null;
                obj[base + e] = null;
                where[base + e] = IN;
                keyIds[base + e] = -1;
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
        if (where[c] == HELD) {
            return obj[c];
        }
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
        if (keyIds[c] >= 0 && holdable[entry] != null) {
            int check = holdable[entry].holdCheck(value);
            if (check == CompositeCodec.HOLD_NULLS) {
                setAbsent(c);
                return;
            }
            if (check == CompositeCodec.HOLD_OK) {
                hold(c, entry, value);
                return;
            }
        }
        if (where[c] == HELD) {
            // encoded after all (a field of another class: encoding fails or decides)
            release(c, entry);
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
        for (int c = 0; c < cells; c += FunctionRuntime.CHUNK) {
            flushCells(messages, c, Math.min(cells, c + FunctionRuntime.CHUNK));
        }
    }

    private void flushCells(Messages messages, int from, int to) {
        for (int c = from; c < to; c++) {
            if (where[c] == HELD) {
                if (!heldAtStart[c]) {
                    messages.held(c / nentries, c % nentries);
                }
                continue;
            }
            if (!dirty[c] && !heldAtStart[c]) {
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

    /**
     * Writes back every held value of the batch's keys (a WRITEBACK record): each becomes bytes,
     * sent by {@link #flush}, and Java lets go of the object.
     */
    void writeBackHeld() {
        int cells = nkeys * nentries;
        for (int c = 0; c < cells; c++) {
            if (where[c] == HELD) {
                slot = c / nentries;
                int entry = c % nentries;
                Object v = obj[c];
                release(c, entry);
                keyIds[c] = -1; // so writeValue encodes it
                writeValue(entry, v, false);
                dirty[c] = true; // C's bytes are stale even when these match them
            }
        }
    }

    private void hold(int c, int entry, Object value) {
        if (value instanceof Row) {
            ((Row) value).setKind(RowKind.INSERT); // a value carries no kind; decoding gives INSERT
        }
        Object[] byKey = heldByKey[entry];
        int id = keyIds[c];
        if (id >= byKey.length) {
            byKey = heldByKey[entry] = Arrays.copyOf(byKey, Math.max(id + 1, byKey.length * 2));
        }
        byKey[id] = value;
        where[c] = HELD;
        obj[c] = value;
        off[c] = -1;
        dirty[c] = false;
    }

    /** Java no longer holds cell c's object (its key's value becomes absent or bytes). */
    private void release(int c, int entry) {
        heldByKey[entry][keyIds[c]] = null;
        where[c] = IN;
        obj[c] = null;
        off[c] = -1;
    }

    private void setAbsent(int c) {
        if (where[c] == HELD) {
            release(c, c % nentries);
            dirty[c] = true;
            return;
        }
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
