package io.ptfhost.bridge.codec;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

import io.ptfhost.bridge.types.SqlType;
import io.ptfhost.bridge.types.TypeParser;

import java.math.BigDecimal;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/** Conversions, POJOs and failure modes of the Java codec beyond the shared vectors. */
public final class CodecTest {
    private static final ClassLoader LOADER = CodecTest.class.getClassLoader();

    private static Codec codec(String type, Class<?> conversion) {
        return Codecs.create(TypeParser.parse(type), conversion, LOADER);
    }

    private static byte[] bytes(Codec c, Object v) {
        CodecOutput out = new CodecOutput(8);
        c.write(out, v);
        return Arrays.copyOf(out.buffer().array(), out.position());
    }

    private static Object roundTrip(Codec c, Object v) {
        byte[] b = bytes(c, v);
        ByteBuffer in = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
        Object back = c.read(in);
        assertEquals(b.length, in.position());
        return back;
    }

    private static String hex(byte[] b) {
        return Vectors.hex(b, 0, b.length);
    }

    // ---- POJOs as Flink's structured types -------------------------------------------------

    /** The seed's Median state: a List<Double> field (ARRAY<DOUBLE> bridged to List). */
    public static class TempsState {
        public List<Double> temps = new ArrayList<>();
    }

    public static void testListFieldPojo() {
        Codec c = codec("STRUCTURED<'" + TempsState.class.getName() + "', temps ARRAY<DOUBLE>>", null);
        assertEquals(TempsState.class, c.conversionClass());
        TempsState s = new TempsState();
        s.temps.add(20.5);
        s.temps.add(null);
        TempsState back = (TempsState) roundTrip(c, s);
        assertEquals(Arrays.asList(20.5, null), back.temps);
        assertTrue(back.temps instanceof ArrayList, "List fields decode to ArrayList");
        // same bytes as the equivalent ROW with a Double[]
        Codec row = codec("ROW<temps ARRAY<DOUBLE>>", null);
        assertEquals(hex(bytes(row, Row.of((Object) new Double[] {20.5, null}))), hex(bytes(c, s)));
        // absent state starts as new TempsState(): field initializers apply
        Object fresh = ((CompositeCodec) c).newInstance();
        assertEquals(new ArrayList<Double>(), ((TempsState) fresh).temps);
    }

    /** Primitive fields are NOT NULL; getters/setters and is-getters work. */
    public static class Counter {
        public long counter;
        private boolean active;
        private double[] history = new double[0];

        public boolean isActive() {
            return active;
        }

        public void setActive(boolean a) {
            active = a;
        }

        public double[] getHistory() {
            return history;
        }

        public void setHistory(double[] h) {
            history = h;
        }
    }

    public static void testPrimitivePojo() {
        Codec c = codec("STRUCTURED<'" + Counter.class.getName() + "', counter BIGINT NOT NULL, active BOOLEAN NOT NULL,"
                + " history ARRAY<DOUBLE NOT NULL>>", null);
        Counter x = new Counter();
        x.counter = 42;
        x.setActive(true);
        x.setHistory(new double[] {1.5, -0.0});
        Counter back = (Counter) roundTrip(c, x);
        assertEquals(42L, back.counter);
        assertTrue(back.isActive(), "active");
        assertTrue(Arrays.equals(new double[] {1.5, -0.0}, back.getHistory()), Arrays.toString(back.getHistory()));
    }

    /** A getter that throws a checked exception, and a setter that rejects a value. */
    public static class Strict {
        private Integer n;

        public Integer getN() throws Exception {
            if (n != null && n < 0) {
                throw new Exception("negative");
            }
            return n;
        }

        public void setN(Integer v) {
            if (v != null && v == 13) {
                throw new IllegalArgumentException("unlucky");
            }
            n = v;
        }
    }

    /** Generated field access: public fields and getter/setter pairs, with the handles' failure modes. */
    public static void testGeneratedAndHandleAccessAgree() {
        PojoCodec gen = (PojoCodec) codec("STRUCTURED<'" + Counter.class.getName() + "', counter BIGINT NOT NULL,"
                + " active BOOLEAN NOT NULL, history ARRAY<DOUBLE NOT NULL>>", null);
        assertTrue(gen.generatedAccess(), "a public POJO gets generated access");
        // a NULL for a primitive field fails as unboxing does; a checked exception becomes a CodecException
        ByteBuffer nulls = ByteBuffer.wrap(new byte[] {1, 0x07}).order(ByteOrder.LITTLE_ENDIAN);
        assertThrows(NullPointerException.class, () -> gen.read(nulls));
        PojoCodec strict = (PojoCodec) codec("STRUCTURED<'" + Strict.class.getName() + "', n INT>", null);
        assertTrue(strict.generatedAccess(), "getter and setter pairs get generated access");
        Strict s = new Strict();
        s.setN(-1);
        assertThrows(CodecException.class, () -> bytes(strict, s));
        s.setN(12);
        byte[] thirteen = bytes(strict, s);
        thirteen[thirteen.length - 4] = 13;
        assertThrows(IllegalArgumentException.class,
                () -> strict.read(ByteBuffer.wrap(thirteen).order(ByteOrder.LITTLE_ENDIAN)));
    }

    /** Two codecs of one POJO type (two parallel instances of a function) share one accessor. */
    public static void testCodecsOfOneClassShareTheirAccessor() {
        String type = "STRUCTURED<'" + Strict.class.getName() + "', n INT>";
        PojoCodec a = (PojoCodec) codec(type, null);
        PojoCodec b = (PojoCodec) codec(type, null);
        assertTrue(a != b && a.access() != null, "two codecs, generated access");
        assertTrue(a.access() == b.access(), "one accessor: " + a.access() + " and " + b.access());
        PojoCodec other = (PojoCodec) codec("STRUCTURED<'" + Counter.class.getName() + "', counter BIGINT NOT NULL,"
                + " active BOOLEAN NOT NULL, history ARRAY<DOUBLE NOT NULL>>", null);
        assertTrue(other.access().getClass() != a.access().getClass(), "another class gets its own accessor");
    }

    /** No default constructor: the all-fields constructor, matched by -parameters names. */
    public static class Point {
        private final int x;
        private final String label;

        public Point(String label, int x) {
            this.x = x;
            this.label = label;
        }

        public int getX() {
            return x;
        }

        public String getLabel() {
            return label;
        }
    }

    public static void testFullConstructorPojo() {
        Codec c = codec("STRUCTURED<'" + Point.class.getName() + "', x INT NOT NULL, label STRING>", null);
        Point back = (Point) roundTrip(c, new Point("p", 7));
        assertEquals(7, back.getX());
        assertEquals("p", back.getLabel());
    }

    public static class NoWay {
        public NoWay(int a) {}
    }

    public static void testUnbuildablePojoIsReported() {
        CodecException e = assertThrows(CodecException.class,
                () -> codec("STRUCTURED<'" + NoWay.class.getName() + "', a INT>", null));
        assertTrue(e.getMessage().contains("has no public field or getter for field `a`"), e.getMessage());
    }

    /** A structured type whose class does not exist decodes to Row, as in Flink. */
    public static void testUnknownStructuredClassFallsBackToRow() {
        Codec c = codec("STRUCTURED<'com.example.Missing', a INT>", null);
        assertEquals(Row.class, c.conversionClass());
        Row r = (Row) roundTrip(c, Row.of(5));
        assertEquals(5, r.getField("a"));
    }

    // ---- Rows -----------------------------------------------------------------------------

    public static void testNameBasedAndPositionRowsEncodeAlike() {
        Codec c = codec("ROW<a INT, b STRING>", null);
        Row byName = Row.withNames();
        byName.setField("b", "x");
        byName.setField("a", 1);
        assertEquals(hex(bytes(c, Row.of(1, "x"))), hex(bytes(c, byName)));
        Row partial = Row.withNames();
        partial.setField("b", "x");
        assertEquals(hex(bytes(c, Row.of(null, "x"))), hex(bytes(c, partial)));
        Row unknown = Row.withNames();
        unknown.setField("zz", 1);
        CodecException e = assertThrows(CodecException.class, () -> bytes(c, unknown));
        assertEquals("row field name `zz` is not in ROW<`a` INT, `b` STRING>", e.getMessage());
        e = assertThrows(CodecException.class, () -> bytes(c, Row.of(1)));
        assertEquals("row of arity 1 does not match ROW<`a` INT, `b` STRING> (2 fields)", e.getMessage());
    }

    public static void testRecordsKeepTheKind() {
        CompositeCodec c = Codecs.createComposite(TypeParser.parse("ROW<a INT>"), null, LOADER);
        CodecOutput out = new CodecOutput(4);
        for (RowKind k : RowKind.values()) {
            c.writeRecord(out, Row.ofKind(k, k.ordinal()));
        }
        ByteBuffer in = out.buffer();
        in.flip();
        for (RowKind k : RowKind.values()) {
            Row r = (Row) c.readRecord(in);
            assertEquals(k, r.getKind());
            assertEquals(k.ordinal(), r.getFieldAs("a"));
        }
        assertEquals(0, in.remaining());
        Row empty = (Row) c.newInstance();
        assertEquals("+I[null]", empty.toString());
        empty.setField("a", 3); // named positions: settable by name
        assertEquals(3, empty.getField(0));
    }

    /** Errors name the path to the bad value. */
    public static void testWrongClassMessages() {
        Codec c = codec("ROW<pos ROW<x DOUBLE>, tags ARRAY<TINYINT>>", null);
        CodecException e = assertThrows(CodecException.class,
                () -> bytes(c, Row.of(Row.of("1.5"), new Byte[0])));
        assertEquals("field `pos`: field `x`: expected java.lang.Double for DOUBLE but got java.lang.String",
                e.getMessage());
        e = assertThrows(CodecException.class, () -> bytes(c, Row.of(null, new Object[] {(byte) 1, 2})));
        assertEquals("field `tags`: element 1: expected java.lang.Byte for TINYINT but got java.lang.Integer",
                e.getMessage());
        // a primitive array must match the element type
        e = assertThrows(CodecException.class, () -> bytes(c, Row.of(null, new int[] {1})));
        assertEquals("field `tags`: expected java.lang.Byte[] for ARRAY<TINYINT> but got int[]", e.getMessage());
        // the failed write left nothing behind
        CodecOutput out = new CodecOutput(64);
        c.write(out, null);
        assertThrows(CodecException.class, () -> c.write(out, Row.of(Row.of("bad"), null)));
        assertEquals(1, out.position());
    }

    // ---- conversions ----------------------------------------------------------------------

    private static final String SCALARS =
            "ROW<b BOOLEAN, t TINYINT, s SMALLINT, i INT, l BIGINT, f FLOAT, d DOUBLE, v STRING, y BYTES>";
    private static final String[] SCALAR_TYPES =
            {"BOOLEAN", "TINYINT", "SMALLINT", "INT", "BIGINT", "FLOAT", "DOUBLE", "STRING", "BYTES"};
    private static final String[] SCALAR_NAMES = {"b", "t", "s", "i", "l", "f", "d", "v", "y"};
    private static final Object[] SCALAR_VALUES = {true, (byte) -2, (short) 300, -70000, 1L << 40, -0.0f,
        Double.longBitsToDouble(0x7ff8000000000123L), "h\u00e9\u20ac\ud83d\ude00", new byte[] {1, 2}};

    private static String flat(byte[] b) {
        return hex(b).replace(" ", "");
    }

    /**
     * Fields and elements of the scalar kinds CompositeCodec and ArrayCodec write in place encode
     * as their own codecs do, with the same messages for a value of the wrong class.
     */
    public static void testInlineScalarsMatchTheirCodecs() {
        Codec row = codec(SCALARS, null);
        for (int mask = 0; mask < 1 << SCALAR_VALUES.length; mask += 37) {
            Object[] vals = new Object[SCALAR_VALUES.length];
            StringBuilder body = new StringBuilder();
            int bits = 0;
            for (int i = 0; i < vals.length; i++) {
                if ((mask & (1 << i)) != 0) {
                    bits |= 1 << i;
                    continue;
                }
                vals[i] = SCALAR_VALUES[i];
                byte[] one = bytes(codec(SCALAR_TYPES[i], null), vals[i]);
                body.append(flat(Arrays.copyOfRange(one, 1, one.length)));
            }
            byte[] b = bytes(row, Row.of(vals));
            assertEquals(String.format("01%02x%02x", bits & 0xff, bits >>> 8) + body, flat(b));
            Row back = (Row) roundTrip(row, Row.of(vals));
            for (int i = 0; i < vals.length; i++) {
                Object x = back.getField(i);
                assertEquals(vals[i] instanceof byte[] ? flat((byte[]) vals[i]) : vals[i],
                        x instanceof byte[] ? flat((byte[]) x) : x);
            }
        }
        for (int k = 0; k < SCALAR_TYPES.length; k++) {
            int i = k;
            Object[] vals = SCALAR_VALUES.clone();
            vals[i] = new Object();
            CodecException e = assertThrows(CodecException.class, () -> bytes(row, Row.of(vals)));
            String expected = codec(SCALAR_TYPES[i], null).conversionClass().getTypeName();
            assertEquals("field `" + SCALAR_NAMES[i] + "`: expected " + expected + " for " + SCALAR_TYPES[i]
                    + " but got java.lang.Object", e.getMessage());
            Codec array = codec("ARRAY<" + SCALAR_TYPES[i] + ">", List.class);
            List<Object> l = Arrays.asList(SCALAR_VALUES[i], null, SCALAR_VALUES[i]);
            List<?> back = (List<?>) roundTrip(array, l);
            assertEquals(3, back.size());
            assertEquals(null, back.get(1));
            byte[] one = bytes(codec(SCALAR_TYPES[i], null), SCALAR_VALUES[i]);
            String elem = flat(Arrays.copyOfRange(one, 1, one.length));
            assertEquals("010300000002" + elem + elem, flat(bytes(array, l)));
            e = assertThrows(CodecException.class,
                    () -> bytes(array, Arrays.asList(SCALAR_VALUES[i], new Object())));
            assertEquals("element 1: expected " + expected + " for " + SCALAR_TYPES[i]
                    + " but got java.lang.Object", e.getMessage());
        }
    }

    public static void testDecimalScaleAndOverflow() {
        Codec c = codec("DECIMAL(5, 2)", null);
        assertEquals(new BigDecimal("1.24"), roundTrip(c, new BigDecimal("1.235"))); // HALF_UP to the scale
        assertEquals(new BigDecimal("-1.24"), roundTrip(c, new BigDecimal("-1.235")));
        assertEquals(new BigDecimal("7.00"), roundTrip(c, new BigDecimal("7")));
        assertEquals(null, roundTrip(c, new BigDecimal("1000.00"))); // too many digits -> NULL, as Flink
        Codec big = codec("DECIMAL(38, 4)", null);
        BigDecimal max = new BigDecimal("9999999999999999999999999999999999.9999");
        assertEquals(max, roundTrip(big, max));
        assertEquals(max.negate(), roundTrip(big, max.negate()));
    }

    public static void testPrimitiveAndListArrays() {
        Codec boxed = codec("ARRAY<INT NOT NULL>", null);
        Codec prim = codec("ARRAY<INT NOT NULL>", int[].class);
        Codec list = codec("ARRAY<INT NOT NULL>", List.class);
        byte[] b = bytes(boxed, new Integer[] {1, 2, 3});
        assertEquals(hex(b), hex(bytes(prim, new int[] {1, 2, 3})));
        assertEquals(hex(b), hex(bytes(list, Arrays.asList(1, 2, 3))));
        assertTrue(Arrays.equals(new int[] {1, 2, 3}, (int[]) roundTrip(prim, new int[] {1, 2, 3})), "int[]");
        assertEquals(Arrays.asList(1, 2, 3), roundTrip(list, new Integer[] {1, 2, 3}));
        // a NULL element cannot become a primitive
        byte[] withNull = bytes(boxed, new Integer[] {1, null});
        CodecException e = assertThrows(CodecException.class,
                () -> prim.read(ByteBuffer.wrap(withNull).order(ByteOrder.LITTLE_ENDIAN)));
        assertEquals("element 1 of ARRAY<INT NOT NULL> is NULL but the Java type int[] cannot hold null",
                e.getMessage());
        for (Object[] p : new Object[][] {
            {"ARRAY<BIGINT>", long[].class, new long[] {Long.MIN_VALUE, 0}},
            {"ARRAY<DOUBLE>", double[].class, new double[] {Double.NaN, 1e300}},
            {"ARRAY<FLOAT>", float[].class, new float[] {1.5f}},
            {"ARRAY<SMALLINT>", short[].class, new short[] {-1, 7}},
            {"ARRAY<TINYINT>", byte[].class, new byte[] {-128, 127}},
            {"ARRAY<BOOLEAN>", boolean[].class, new boolean[] {true, false}},
        }) {
            Codec pc = codec((String) p[0], (Class<?>) p[1]);
            Object back = roundTrip(pc, p[2]);
            assertTrue(java.util.Objects.deepEquals(new Object[] {p[2]}, new Object[] {back}), p[0] + " round trip");
            // same bytes as the boxed form
            Codec bc = codec((String) p[0], null);
            assertEquals(hex(bytes(pc, p[2])), hex(bytes(bc, bc.read(ByteBuffer.wrap(bytes(pc, p[2]))
                    .order(ByteOrder.LITTLE_ENDIAN)))));
        }
    }

    public static void testTemporalConversions() {
        LocalDateTime t = LocalDateTime.of(2024, 1, 31, 12, 34, 56, 123_456_789);
        Codec ts = codec("TIMESTAMP(9)", java.sql.Timestamp.class);
        assertEquals(java.sql.Timestamp.valueOf(t), roundTrip(ts, java.sql.Timestamp.valueOf(t)));
        assertEquals(hex(bytes(codec("TIMESTAMP(9)", null), t)), hex(bytes(ts, java.sql.Timestamp.valueOf(t))));
        // TIMESTAMP(3) keeps milliseconds only, like Flink's compact TimestampData
        assertEquals(t.withNano(123_000_000), roundTrip(codec("TIMESTAMP(3)", null), t));
        Codec ltzLong = codec("TIMESTAMP_LTZ(3)", Long.class);
        assertEquals(-1L, roundTrip(ltzLong, -1L));
        assertEquals(Instant.ofEpochMilli(-1), roundTrip(codec("TIMESTAMP_LTZ(3)", null), Instant.ofEpochMilli(-1)));
        assertEquals(hex(bytes(ltzLong, 1700000000123L)),
                hex(bytes(codec("TIMESTAMP_LTZ(3)", null), Instant.ofEpochMilli(1700000000123L))));
        Codec dateInt = codec("DATE", Integer.class);
        assertEquals(19782, roundTrip(dateInt, LocalDate.of(2024, 2, 29)));
        assertEquals(java.sql.Date.valueOf("2024-02-29"),
                roundTrip(codec("DATE", java.sql.Date.class), LocalDate.of(2024, 2, 29)));
        assertEquals(45296789, roundTrip(codec("TIME(3)", Integer.class), LocalTime.of(12, 34, 56, 789_000_000)));
        assertEquals(LocalTime.of(0, 0, 1), roundTrip(codec("TIME", null), 1_000_000_000L));
        CodecException e = assertThrows(CodecException.class, () -> bytes(codec("TIME", null), -1L));
        assertEquals("TIME value of -1 ns is outside the day", e.getMessage());
        assertEquals(14, roundTrip(codec("INTERVAL YEAR TO MONTH", Integer.class), java.time.Period.of(1, 2, 0)));
        assertEquals(1500L, roundTrip(codec("INTERVAL SECOND(3)", long.class), java.time.Duration.ofMillis(1500)));
    }

    public static void testMultisetAndNullKeys() {
        Codec c = codec("MULTISET<STRING>", null);
        Map<String, Integer> m = new HashMap<>();
        m.put("a", 2);
        m.put(null, 1);
        assertEquals(m, roundTrip(c, m));
    }

    public static void testStringsEncodeLikeGetBytes() {
        Codec c = codec("STRING", null);
        String[] samples = {"", "ascii", "ü", "日本", "😀", "a\uD800b", "\uDC00", "x\uD83D", "\u0000\u007f\u0080\u07ff\u0800\uffff"};
        for (String s : samples) {
            byte[] b = bytes(c, s);
            byte[] want = s.getBytes(java.nio.charset.StandardCharsets.UTF_8);
            assertEquals(hex(want), hex(Arrays.copyOfRange(b, 5, b.length)));
            assertEquals(want.length, ByteBuffer.wrap(b, 1, 4).order(ByteOrder.LITTLE_ENDIAN).getInt());
        }
        assertEquals("日本😀", roundTrip(c, "日本😀"));
    }

    // ---- corrupt input --------------------------------------------------------------------

    private static String decodeError(String type, String hexBytes) {
        Codec c = codec(type, null);
        ByteBuffer in = ByteBuffer.wrap(Vectors.hex(hexBytes)).order(ByteOrder.LITTLE_ENDIAN);
        return assertThrows(CodecException.class, () -> c.read(in)).getMessage();
    }

    public static void testCorruptInputMessages() {
        assertEquals("corrupt BOOLEAN: byte 0x02 is neither 0 nor 1 at byte 1", decodeError("BOOLEAN", "01 02"));
        assertEquals("corrupt value: presence byte 0x07 at byte 0 is neither 0 nor 1", decodeError("INT", "07"));
        assertEquals("truncated value: BIGINT starting at byte 0 runs past the end (4 bytes)",
                decodeError("BIGINT", "01 01 02 03"));
        assertEquals("corrupt string length: length 4294967295 exceeds 2147483647 at byte 1",
                decodeError("STRING", "01 ffffffff"));
        assertEquals("truncated value: ARRAY<INT> starting at byte 0 runs past the end (6 bytes)",
                decodeError("ARRAY<INT>", "01 ffffff7f 00"));
        assertEquals("corrupt DECIMAL(2, 0): unscaled value out of range at byte 1",
                decodeError("DECIMAL(2, 0)", "01 6400000000000000"));
        assertEquals("corrupt TIMESTAMP(6): nanos-of-millisecond 1000000 outside 0..999999 at byte 9",
                decodeError("TIMESTAMP(6)", "01 0000000000000000 40420f00"));
        CompositeCodec r = Codecs.createComposite(TypeParser.parse("ROW<a INT>"), null, LOADER);
        CodecException e = assertThrows(CodecException.class,
                () -> r.readRecord(ByteBuffer.wrap(new byte[] {9, 0}).order(ByteOrder.LITTLE_ENDIAN)));
        assertEquals("corrupt row: kind byte 9 at byte 0 is not 0..3", e.getMessage());
    }

    /** Random byte flips decode or fail with CodecException; nothing else escapes. */
    public static void testCorruptedVectorsNeverThrowOtherExceptions() throws Exception {
        long rng = 0x9e3779b97f4a7c15L;
        for (Vectors v : Vectors.load()) {
            Codec c = Codecs.create(v.type, null, LOADER);
            for (int round = 0; round < 100 && v.hex.length > 0; round++) {
                byte[] b = v.hex.clone();
                for (int f = 0; f <= round % 3; f++) {
                    rng ^= rng << 13;
                    rng ^= rng >>> 7;
                    rng ^= rng << 17;
                    b[(int) Long.remainderUnsigned(rng, b.length)] ^= (byte) (1 << ((rng >>> 40) & 7));
                }
                ByteBuffer in = ByteBuffer.wrap(b).order(ByteOrder.LITTLE_ENDIAN);
                try {
                    if (v.kind != null) {
                        ((CompositeCodec) c).readRecord(in);
                    } else {
                        c.read(in);
                    }
                } catch (CodecException expected) {
                    // fine
                } catch (RuntimeException other) {
                    throw new AssertionError(v + " with bytes " + hex(b) + ": " + other, other);
                }
            }
        }
    }

    public static void testOutputGrowsAndKeepsDirectness() {
        ByteBuffer small = ByteBuffer.allocateDirect(4);
        CodecOutput out = new CodecOutput(small);
        Codec c = codec("STRING", null);
        c.write(out, "a long enough string to grow the buffer");
        assertTrue(out.buffer() != small, "grew");
        assertTrue(out.buffer().isDirect(), "still direct");
        assertEquals(ByteOrder.LITTLE_ENDIAN, out.buffer().order());
        ByteBuffer in = out.buffer().duplicate().order(ByteOrder.LITTLE_ENDIAN);
        in.flip();
        assertEquals("a long enough string to grow the buffer", c.read(in));
    }

    public static void testTypeMismatchOfSqlTypeItself() {
        SqlType t = TypeParser.parse("INT");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> Codecs.createComposite(t, null, LOADER));
        assertEquals("INT is not a ROW or structured type", e.getMessage());
    }
}
