package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.codec.Codec;
import io.ptfhost.bridge.codec.CodecOutput;
import io.ptfhost.bridge.codec.Codecs;
import io.ptfhost.bridge.codec.CompositeCodec;

import org.apache.flink.types.Row;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Plays C's part for the runtime tests: keeps the state store (key -> entry bytes), builds batches
 * in the wire format of docs/internals.md with the real codec, runs them through a
 * {@link FunctionRuntime}, parses every message and applies STATE messages to the store.
 */
final class Harness {

    final FunctionRuntime runtime;
    final String openJson;
    /** The PTF's own loader: a test class's, or a compat JAR's user loader (CompatJars). */
    private final ClassLoader loader;
    private final CompositeCodec output;
    private final CompositeCodec[] tables;
    private final Map<String, byte[][]> store = new HashMap<>();
    private final int nentries;
    int outCapacity = 1 << 16;
    /** Cells are holdable (C's part of "State between batches"): key id = order of first use. */
    boolean holding;
    private final Map<String, Integer> keyIds = new HashMap<>();
    /** "key/entry" of every cell Java holds (HELD seen, no STATE since). */
    private final java.util.Set<String> held = new java.util.HashSet<>();
    /** Time the last batch spent in process (+ drain), for measurements. */
    long lastProcessNanos;

    /** Opens cls for planJson; scalars are the scalar arguments (a row of the plan's scalars_type). */
    Harness(Class<?> cls, String planJson, Object... scalars) throws Exception {
        loader = cls.getClassLoader();
        ByteBuffer sb = ByteBuffer.allocate(0);
        String scalarsType = Plan.parse(planJson).scalarsType;
        if (scalarsType != null) {
            CodecOutput sc = new CodecOutput(64);
            ((CompositeCodec) Codecs.create(scalarsType, loader)).writeRecord(sc, Row.of(scalars));
            sb = sc.buffer();
            sb.flip();
        }
        runtime = FunctionRuntime.open(loader, cls.getName(), planJson, sb);
        openJson = runtime.describe(7);
        Map<?, ?> open = (Map<?, ?>) JsonReader.parse(openJson);
        output = (CompositeCodec) Codecs.create((String) open.get("output_type"), loader);
        Plan plan = Plan.parse(planJson);
        tables = new CompositeCodec[plan.tables.size()];
        for (int i = 0; i < tables.length; i++) {
            tables[i] = (CompositeCodec) Codecs.create(plan.tables.get(i).rowType, loader);
        }
        nentries = runtime.stateEntries();
    }

    /** A plan with one table argument and the given extra JSON members. */
    static String plan(String arg, String rowType, String extra) {
        return "{\"function\": \"f\", \"uid\": \"f\", \"flink_version\": \"2.3\", \"tables\": [{\"arg\": \"" + arg
                + "\", \"row_type\": \"" + rowType + "\", \"partition_by\": [0], \"order_by\": [], "
                + "\"order_desc\": [], \"time_column\": -1, \"changelog_mode\": \"[INSERT]\"}]"
                + (extra.isEmpty() ? "" : ", " + extra) + "}";
    }

    Batch batch() {
        return new Batch();
    }

    /** The stored bytes of a key's entry (null = absent). */
    byte[] stored(String key, int entry) {
        byte[][] e = store.get(key);
        return e == null ? null : e[entry];
    }

    /** Decodes a stored entry with the given type (null = absent). */
    Object storedValue(String key, int entry, String type, Class<?> conversion) {
        byte[] b = stored(key, entry);
        if (b == null) {
            return null;
        }
        Codec c = Codecs.create(io.ptfhost.bridge.types.TypeParser.parse(type), conversion, loader);
        return c.read(ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN));
    }

    /** Puts an encoded value into the store (as C would after a restore). */
    void store(String key, int entry, String type, Class<?> conversion, Object value) {
        CodecOutput o = new CodecOutput(64);
        Codecs.create(io.ptfhost.bridge.types.TypeParser.parse(type), conversion, loader).write(o, value);
        ByteBuffer b = o.buffer();
        byte[] bytes = new byte[b.position()];
        b.flip();
        b.get(bytes);
        store.computeIfAbsent(key, k -> new byte[nentries][])[entry] = bytes;
    }

    /** One parsed out message. */
    static final class Msg {
        int type;
        int record;
        int kind;
        Row row;
        String key;
        long time;
        String name;
        int entry;
        byte[] value;
        String text;
        int consumed;

        @Override
        public String toString() {
            switch (type) {
                case BatchProtocol.OUT:
                    return "OUT " + record + " " + row;
                case BatchProtocol.TIMER_SET:
                    return "TIMER_SET " + key + " " + time + " " + name;
                case BatchProtocol.TIMER_CLEAR:
                    return "TIMER_CLEAR " + key + " " + (name == null ? Long.toString(time) : name);
                case BatchProtocol.TIMERS_CLEAR_ALL:
                    return "TIMERS_CLEAR_ALL " + key;
                case BatchProtocol.HELD:
                    return "HELD " + key + " " + entry;
                case BatchProtocol.STATE:
                    return "STATE " + key + " " + entry + " " + (value == null ? "absent" : value.length + " bytes");
                case BatchProtocol.ERROR:
                    return "ERROR " + record + " " + text.split("\n")[0];
                case BatchProtocol.END:
                    return "END " + consumed;
                default:
                    return "? " + type;
            }
        }
    }

    /** Builds one batch; keys are names the harness maps to slots. */
    final class Batch {
        private final LinkedHashMap<String, Integer> slots = new LinkedHashMap<>();
        private final List<String> slotKeys = new ArrayList<>();
        private ByteBuffer records = ByteBuffer.allocate(256).order(ByteOrder.LITTLE_ENDIAN);
        private int nrecords;

        private int slot(String key) {
            if (key == null) {
                return BatchProtocol.NO_KEY;
            }
            return slots.computeIfAbsent(key, k -> {
                slotKeys.add(k);
                return slotKeys.size() - 1;
            });
        }

        Batch eval(String key, Row row) {
            return eval(key, 0, row, Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE);
        }

        Batch eval(String key, int table, Row row, long watermark, long tableWatermark, long time) {
            byte[] bytes = new byte[0];
            if (row != null) {
                CodecOutput o = new CodecOutput(64);
                tables[table].writeRecord(o, row);
                ByteBuffer b = o.buffer();
                b.flip();
                bytes = new byte[b.remaining()];
                b.get(bytes);
            }
            put(1 + 4 + 2 + 1 + 24 + 4 + bytes.length).put(BatchProtocol.EVAL).putInt(slot(key))
                    .putShort((short) (row == null ? BatchProtocol.NO_TABLE : table))
                    .put(row == null ? 0 : row.getKind().toByteValue()).putLong(watermark).putLong(tableWatermark)
                    .putLong(time).putInt(bytes.length).put(bytes);
            nrecords++;
            return this;
        }

        Batch timer(String key, long time, long watermark, String name) {
            byte[] n = name == null ? new byte[0] : name.getBytes(StandardCharsets.UTF_8);
            ByteBuffer b = put(1 + 4 + 16 + 2 + n.length);
            b.put(BatchProtocol.TIMER).putInt(slot(key)).putLong(time).putLong(watermark)
                    .putShort((short) (name == null ? BatchProtocol.UNNAMED : n.length)).put(n);
            nrecords++;
            return this;
        }

        /** A WRITEBACK record for these keys (their slots). */
        Batch writeBack(String... keys) {
            for (String k : keys) {
                slot(k);
            }
            put(1).put(BatchProtocol.WRITEBACK);
            nrecords++;
            return this;
        }

        Batch watermark(long watermark) {
            put(9).put(BatchProtocol.WATERMARK).putLong(watermark);
            nrecords++;
            return this;
        }

        /** Room for n more bytes of records. */
        private ByteBuffer put(int n) {
            if (records.remaining() < n) {
                ByteBuffer bigger = ByteBuffer.allocate(Math.max(2 * records.capacity(), records.position() + n))
                        .order(ByteOrder.LITTLE_ENDIAN);
                records.flip();
                bigger.put(records);
                records = bigger;
            }
            return records;
        }

        /** Runs the batch; returns the messages (STATE ones are also applied to the store). */
        List<Msg> run() {
            ByteBuffer rec = records.duplicate();
            rec.flip();
            ByteBuffer keyTable = ByteBuffer.allocate(1 << 16).order(ByteOrder.LITTLE_ENDIAN);
            for (String k : slotKeys) {
                byte[][] e = store.get(k);
                for (int i = 0; i < nentries; i++) {
                    byte[] v = e == null ? null : e[i];
                    if (holding) {
                        keyTable.put(BatchProtocol.CELL_HOLDABLE)
                                .putInt(keyIds.computeIfAbsent(k, x -> keyIds.size()));
                        if (held.contains(k + "/" + i)) {
                            keyTable.put(BatchProtocol.CELL_HELD_BY_JAVA);
                            continue;
                        }
                    }
                    if (v == null) {
                        keyTable.put((byte) 0);
                    } else {
                        keyTable.put((byte) 1).putInt(v.length).put(v);
                    }
                }
            }
            keyTable.flip();
            ByteBuffer in = ByteBuffer.allocateDirect(12 + keyTable.remaining() + rec.remaining())
                    .order(ByteOrder.LITTLE_ENDIAN);
            in.putInt(BatchProtocol.MAGIC).putInt(slotKeys.size()).putInt(nrecords).put(keyTable).put(rec);
            ByteBuffer out = ByteBuffer.allocateDirect(outCapacity);
            long t0 = System.nanoTime();
            int n = runtime.process(in, out);
            if (n < 0) {
                out = ByteBuffer.allocateDirect(-n);
                int got = runtime.drain(out);
                if (got != -n) {
                    throw new AssertionError("drain delivered " + got + " bytes, process announced " + -n);
                }
                n = got;
            }
            lastProcessNanos = System.nanoTime() - t0;
            out.position(0).limit(n);
            out.order(ByteOrder.LITTLE_ENDIAN);
            return parse(out);
        }

        private List<Msg> parse(ByteBuffer out) {
            if (out.getInt() != BatchProtocol.MAGIC) {
                throw new AssertionError("out does not start with the batch magic");
            }
            List<Msg> msgs = new ArrayList<>();
            while (true) {
                Msg m = new Msg();
                m.type = out.get();
                switch (m.type) {
                    case BatchProtocol.END:
                        m.consumed = out.getInt();
                        msgs.add(m);
                        if (out.hasRemaining()) {
                            throw new AssertionError(out.remaining() + " bytes after END");
                        }
                        return msgs;
                    case BatchProtocol.OUT: {
                        m.record = out.getInt();
                        m.kind = out.get();
                        int len = out.getInt();
                        ByteBuffer row = out.slice().order(ByteOrder.LITTLE_ENDIAN);
                        row.limit(len);
                        m.row = (Row) output.readRecord(row);
                        if (row.position() != len) {
                            throw new AssertionError("OUT row of " + len + " bytes decoded with " + row.position());
                        }
                        if (m.row.getKind().toByteValue() != m.kind) {
                            throw new AssertionError("OUT kind byte " + m.kind + " but row " + m.row);
                        }
                        out.position(out.position() + len);
                        break;
                    }
                    case BatchProtocol.TIMER_SET:
                    case BatchProtocol.TIMER_CLEAR: {
                        if (m.type == BatchProtocol.TIMER_SET) {
                            m.record = out.getInt();
                        }
                        m.key = slotKeys.get(out.getInt());
                        m.time = out.getLong();
                        int nl = out.getShort() & 0xFFFF;
                        if (nl != BatchProtocol.UNNAMED) {
                            byte[] b = new byte[nl];
                            out.get(b);
                            m.name = new String(b, StandardCharsets.UTF_8);
                        }
                        break;
                    }
                    case BatchProtocol.TIMERS_CLEAR_ALL:
                        m.key = slotKeys.get(out.getInt());
                        break;
                    case BatchProtocol.STATE: {
                        m.key = slotKeys.get(out.getInt());
                        m.entry = out.getShort();
                        if (out.get() == 1) {
                            m.value = new byte[out.getInt()];
                            out.get(m.value);
                        }
                        store.computeIfAbsent(m.key, k -> new byte[nentries][])[m.entry] = m.value;
                        held.remove(m.key + "/" + m.entry);
                        break;
                    }
                    case BatchProtocol.HELD:
                        m.key = slotKeys.get(out.getInt());
                        m.entry = out.getShort();
                        if (!holding) {
                            throw new AssertionError("HELD for a cell that is not holdable");
                        }
                        held.add(m.key + "/" + m.entry);
                        break;
                    case BatchProtocol.ERROR: {
                        m.record = out.getInt();
                        byte[] b = new byte[out.getInt()];
                        out.get(b);
                        m.text = new String(b, StandardCharsets.UTF_8);
                        break;
                    }
                    default:
                        throw new AssertionError("unknown message type " + m.type + " at byte " + (out.position() - 1));
                }
                msgs.add(m);
            }
        }
    }

    /** The messages' toString, one per line. */
    static String show(List<Msg> msgs) {
        StringBuilder sb = new StringBuilder();
        for (Msg m : msgs) {
            sb.append(m).append('\n');
        }
        return sb.toString();
    }
}
