package io.ptfhost.bridge.render;

import java.io.IOException;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.time.Duration;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;

import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * Produces the render vectors in {@code tests/vectors/render/}: values in their internal form
 * (the form the C engine holds) next to the text Java prints for the external objects Flink
 * converts them to (Double, BigDecimal, LocalDateTime, Instant, byte[], Object[], HashMap, Row).
 * The C test {@code tests/unit/test_render.c} parses the same internal literals and must render
 * the same text.
 *
 * <p>Files (UTF-8, one case per line, {@code #} starts a comment):
 *
 * <ul>
 *   <li>{@code double.txt}: {@code <16 hex digits of the bits> TAB <Double.toString>}
 *   <li>{@code float.txt}: {@code <8 hex digits of the bits> TAB <Float.toString>}
 *   <li>{@code values.txt}: {@code <type string> TAB <literal> TAB <String.valueOf(external)>}
 *   <li>{@code rows.txt}: {@code <kind> TAB <row type> TAB <literal> TAB <Row.toString()>}
 * </ul>
 *
 * <p>Literal grammar (interpreted with the type): {@code null}; {@code true}/{@code false};
 * integers (TINYINT..BIGINT, DATE as epoch days, TIME as nanos of day, intervals as months or
 * millis, DECIMAL as the unscaled value); FLOAT/DOUBLE as hex bits; TIMESTAMP(_LTZ) as
 * {@code millis:nanos}; strings {@code "..."} with {@code \" \\ \\uXXXX} escapes; bytes
 * {@code x'0aff'}; arrays {@code [a, b]}; maps and multisets {@code {k=v, ...}} in insertion
 * order; rows {@code (a, b)}. The expected text escapes backslash, tab, CR and LF.
 *
 * <p>Run {@code tests/vectors/render/regenerate.sh} after changing this class; the Java test
 * {@link RenderVectorsTest} fails when the checked-in files differ from what this JVM prints.
 */
public final class RenderVectors {

    private RenderVectors() {}

    /** A value in both forms: the internal literal and the external Java object. */
    static final class V {
        final String literal;
        final Object external;

        V(String literal, Object external) {
            this.literal = literal;
            this.external = external;
        }
    }

    // ---- leaf builders: internal form -> Flink's external conversion ----

    static final V NULL = new V("null", null);

    static V bool(boolean b) {
        return new V(Boolean.toString(b), b);
    }

    static V i8(int v) {
        return new V(Integer.toString(v), (byte) v);
    }

    static V i16(int v) {
        return new V(Integer.toString(v), (short) v);
    }

    static V i32(int v) {
        return new V(Integer.toString(v), v);
    }

    static V i64(long v) {
        return new V(Long.toString(v), v);
    }

    static V f32(float f) {
        return new V(String.format("%08x", Float.floatToRawIntBits(f)), f);
    }

    static V f64(double d) {
        return new V(String.format("%016x", Double.doubleToRawLongBits(d)), d);
    }

    static V dec(BigInteger unscaled, int scale) {
        return new V(unscaled.toString(), new BigDecimal(unscaled, scale));
    }

    static V dec(long unscaled, int scale) {
        return dec(BigInteger.valueOf(unscaled), scale);
    }

    static V str(String s) {
        StringBuilder sb = new StringBuilder("\"");
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c == '"' || c == '\\') {
                sb.append('\\').append(c);
            } else if (c < 0x20) {
                sb.append(String.format("\\u%04x", (int) c));
            } else {
                sb.append(c);
            }
        }
        return new V(sb.append('"').toString(), s);
    }

    static V bytes(int... b) {
        byte[] a = new byte[b.length];
        StringBuilder sb = new StringBuilder("x'");
        for (int i = 0; i < b.length; i++) {
            a[i] = (byte) b[i];
            sb.append(String.format("%02x", b[i] & 0xff));
        }
        return new V(sb.append('\'').toString(), a);
    }

    /** DATE: epoch days -> LocalDate. */
    static V date(long days) {
        return new V(Long.toString(days), LocalDate.ofEpochDay(days));
    }

    /** TIME: Flink holds milliseconds of the day -> LocalTime. */
    static V time(int millisOfDay) {
        long nanos = millisOfDay * 1_000_000L;
        return new V(Long.toString(nanos), LocalTime.ofNanoOfDay(nanos));
    }

    /** TIMESTAMP: TimestampData(millis, nanoOfMilli).toLocalDateTime(). */
    static V ts(long millis, int nanos) {
        long day = Math.floorDiv(millis, 86_400_000L);
        long ms = Math.floorMod(millis, 86_400_000L);
        LocalDateTime ldt =
                LocalDateTime.of(LocalDate.ofEpochDay(day), LocalTime.ofNanoOfDay(ms * 1_000_000L + nanos));
        return new V(millis + ":" + nanos, ldt);
    }

    /** TIMESTAMP_LTZ: TimestampData(millis, nanoOfMilli).toInstant(). */
    static V ltz(long millis, int nanos) {
        Instant i =
                Instant.ofEpochSecond(Math.floorDiv(millis, 1000L), Math.floorMod(millis, 1000L) * 1_000_000L + nanos);
        return new V(millis + ":" + nanos, i);
    }

    /** INTERVAL YEAR TO MONTH family: months -> Period, depending on the resolution. */
    static V ym(int months, String resolution) {
        Period p;
        switch (resolution) {
            case "YEAR":
                p = Period.ofYears(months / 12);
                break;
            case "MONTH":
                p = Period.ofMonths(months);
                break;
            default:
                p = Period.of(months / 12, months % 12, 0);
        }
        return new V(Integer.toString(months), p);
    }

    /** INTERVAL DAY TO SECOND family: millis -> Duration. */
    static V dt(long millis) {
        return new V(Long.toString(millis), Duration.ofMillis(millis));
    }

    static V arr(V... items) {
        StringBuilder sb = new StringBuilder("[");
        Object[] ext = new Object[items.length];
        for (int i = 0; i < items.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(items[i].literal);
            ext[i] = items[i].external;
        }
        return new V(sb.append(']').toString(), ext);
    }

    /** MAP/MULTISET: entries in insertion order; Flink's external form is a HashMap. */
    static V map(V... kv) {
        StringBuilder sb = new StringBuilder("{");
        Map<Object, Object> ext = new HashMap<>();
        for (int i = 0; i < kv.length; i += 2) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(kv[i].literal).append('=').append(kv[i + 1].literal);
            ext.put(kv[i].external, kv[i + 1].external);
        }
        return new V(sb.append('}').toString(), ext);
    }

    static V row(V... fields) {
        StringBuilder sb = new StringBuilder("(");
        Object[] ext = new Object[fields.length];
        for (int i = 0; i < fields.length; i++) {
            if (i > 0) {
                sb.append(", ");
            }
            sb.append(fields[i].literal);
            ext[i] = fields[i].external;
        }
        return new V(sb.append(')').toString(), Row.ofKind(RowKind.INSERT, ext));
    }

    // ---- output ----

    static String escapeExpected(String s) {
        return s.replace("\\", "\\\\").replace("\t", "\\t").replace("\n", "\\n").replace("\r", "\\r");
    }

    /** Same text as Row.toString() puts for one field. */
    static String javaText(Object o) {
        return Row.of(new Object[] {o}).toString().replaceFirst("^\\+I\\[", "").replaceFirst("\\]$", "");
    }

    static final class Out {
        final StringBuilder sb = new StringBuilder();

        void comment(String c) {
            sb.append("# ").append(c).append('\n');
        }

        void value(String type, V v) {
            sb.append(type).append('\t').append(v.literal).append('\t')
                    .append(escapeExpected(javaText(v.external))).append('\n');
        }

        void row(RowKind kind, String type, V v) {
            Row r = (Row) v.external;
            r.setKind(kind);
            sb.append(kind.shortString()).append('\t').append(type).append('\t').append(v.literal).append('\t')
                    .append(escapeExpected(r.toString())).append('\n');
            r.setKind(RowKind.INSERT);
        }
    }

    // ---- the corpus ----

    static String doubles() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Double.toString(Double.longBitsToDouble(bits)) as printed by ")
                .append(System.getProperty("java.version")).append('\n');
        List<Double> ds = new ArrayList<>();
        double[] special = {
            0.0, -0.0, 1.0, -1.0, 100.0, 0.001, 1.0E-3, 1e-4, 1e-5, 1e7, 1e-7, 9999999.0, 10000000.0,
            12345678.9, 0.1, 0.2, 0.3, 0.1 + 0.2, 1.0 / 3, 2.0 / 3, Math.PI, Math.E, 1e10, 1e21, 1e22, 1e23,
            2e23, 1.5, 23.5, 20.7, 37.5, 98.6, -273.15, 1.0850, Double.MAX_VALUE, Double.MIN_VALUE,
            Double.MIN_NORMAL, Double.NaN, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY,
            Math.pow(2, 53), Math.pow(2, 53) + 2, Math.pow(2, 60), Math.pow(2, 62), Math.pow(2, 63),
            Math.pow(2, 64), Long.MAX_VALUE, 123456789012345678.0, 5.684341886080802E-14,
            2.82879384806159E17, 1.9400994884341945E25, 1.0E-322, 4.9E-324 * 3, 2.2250738585072009E-308,
        };
        for (double d : special) {
            ds.add(d);
        }
        for (int e = -325; e <= 309; e++) {
            double d = Double.parseDouble("1e" + e);
            ds.add(d);
            ds.add(Math.nextUp(d));
            ds.add(Math.nextDown(d));
            ds.add(Double.parseDouble("5e" + e));
        }
        for (int e = -1074; e <= 1023; e += 7) {
            ds.add(Math.scalb(1.0, e));
            ds.add(Math.scalb(1.5, e));
        }
        for (int k = 1; k < 200; k++) {
            ds.add(k / 10.0);
            ds.add(k / 100.0);
            ds.add(k * 1.1);
            ds.add((double) (k * 1234567L));
            ds.add((double) ((1L << 53) + (long) k * 997));
            ds.add((double) ((1L << 62) - (long) k * 1021));
        }
        Random r = new Random(20260101L);
        for (int i = 0; i < 1500; i++) {
            ds.add(Double.longBitsToDouble(r.nextLong()));
            ds.add(r.nextDouble() * Math.pow(10, r.nextInt(60) - 30));
            ds.add(Math.round(r.nextDouble() * 1e6) / 100.0);
        }
        for (double d : ds) {
            long bits = Double.doubleToRawLongBits(d);
            sb.append(String.format("%016x", bits)).append('\t').append(Double.toString(d)).append('\n');
        }
        return sb.toString();
    }

    static String floats() {
        StringBuilder sb = new StringBuilder();
        sb.append("# Float.toString(Float.intBitsToFloat(bits)) as printed by ")
                .append(System.getProperty("java.version")).append('\n');
        List<Float> fs = new ArrayList<>();
        float[] special = {
            0f, -0f, 1f, -1f, 0.1f, 0.2f, 0.3f, 1.0E-3f, 1e-4f, 1e7f, 1e-7f, 1e10f, 3.4028235E38f,
            Float.MIN_VALUE, Float.MIN_NORMAL, Float.NaN, Float.POSITIVE_INFINITY, Float.NEGATIVE_INFINITY,
            123456789f, 2147483648f, 16777216f, 16777217f, 1e-44f, 23.5f, 98.6f, 3.14159f,
        };
        for (float f : special) {
            fs.add(f);
        }
        for (int e = -46; e <= 39; e++) {
            float f = Float.parseFloat("1e" + e);
            fs.add(f);
            fs.add(Math.nextUp(f));
            fs.add(Math.nextDown(f));
        }
        for (int e = -149; e <= 127; e += 3) {
            fs.add(Math.scalb(1.0f, e));
        }
        Random r = new Random(7L);
        for (int i = 0; i < 1200; i++) {
            fs.add(Float.intBitsToFloat(r.nextInt()));
            fs.add((float) (r.nextDouble() * Math.pow(10, r.nextInt(30) - 15)));
        }
        for (float f : fs) {
            sb.append(String.format("%08x", Float.floatToRawIntBits(f))).append('\t').append(Float.toString(f))
                    .append('\n');
        }
        return sb.toString();
    }

    /**
     * Strings that all fall into bucket 0 of a 16-bucket HashMap, so the ninth one makes
     * treeifyBin grow the table (16 -> 32 -> 64) instead of building a tree; they alternate over
     * the four buckets they occupy at 64, where no bin reaches nine nodes. (A real tree bin, nine
     * colliding keys in a table of 64+, iterates in red-black-tree order: render.h's residual.)
     */
    static List<String> collidingKeys(int n) {
        List<String> out = new ArrayList<>();
        for (int i = 0; out.size() < n; i++) {
            String s = "k" + i;
            int h = s.hashCode();
            int spread = h ^ (h >>> 16);
            if ((spread & 15) == 0 && ((spread >>> 4) & 3) == out.size() % 4) {
                out.add(s);
            }
        }
        return out;
    }

    static String values() {
        Out o = new Out();
        o.comment("String.valueOf(Flink's external object for the internal value), as inside Row.toString()");
        o.comment("java " + System.getProperty("java.version"));

        o.comment("booleans and integers");
        o.value("BOOLEAN", bool(true));
        o.value("BOOLEAN NOT NULL", bool(false));
        o.value("BOOLEAN", NULL);
        o.value("TINYINT", i8(-128));
        o.value("TINYINT", i8(127));
        o.value("SMALLINT", i16(-32768));
        o.value("INT", i32(Integer.MIN_VALUE));
        o.value("INT", i32(Integer.MAX_VALUE));
        o.value("INT", i32(0));
        o.value("BIGINT", i64(Long.MIN_VALUE));
        o.value("BIGINT", i64(Long.MAX_VALUE));
        o.value("FLOAT", f32(1.5f));
        o.value("DOUBLE", f64(1.0E10));
        o.value("DOUBLE", f64(-0.0));

        o.comment("DECIMAL: BigDecimal.toString keeps the scale and switches to E-notation below 1E-6");
        int[][] ps = {{10, 4}, {10, 0}, {10, 2}, {10, 8}, {5, 5}, {38, 0}, {38, 10}, {38, 18}, {38, 38}, {19, 9}, {20, 12}};
        long[] us = {10850, 0, 1, -1, 5, 10, 100, 123456789, -123456789, 99999, 1000000, 7};
        for (int[] p : ps) {
            for (long u : us) {
                if (BigInteger.valueOf(Math.abs(u)).toString().length() <= p[0]) {
                    o.value("DECIMAL(" + p[0] + ", " + p[1] + ")", dec(u, p[1]));
                }
            }
        }
        BigInteger max38 = BigInteger.TEN.pow(38).subtract(BigInteger.ONE);
        o.value("DECIMAL(38, 0)", dec(max38, 0));
        o.value("DECIMAL(38, 0)", dec(max38.negate(), 0));
        o.value("DECIMAL(38, 37)", dec(max38, 37));
        o.value("DECIMAL(38, 38)", dec(BigInteger.ONE, 38));
        o.value("DECIMAL(38, 20)", dec(new BigInteger("-12345678901234567890123456789"), 20));
        Random r = new Random(38L);
        for (int i = 0; i < 60; i++) {
            int p = 1 + r.nextInt(38);
            int s = r.nextInt(p + 1);
            BigInteger u = new BigInteger(p * 3, r).mod(BigInteger.TEN.pow(p));
            if (r.nextBoolean()) {
                u = u.divide(BigInteger.TEN.pow(r.nextInt(p)));
            }
            if (r.nextBoolean()) {
                u = u.negate();
            }
            o.value("DECIMAL(" + p + ", " + s + ")", dec(u, s));
        }

        o.comment("strings and bytes");
        o.value("STRING", str("a"));
        o.value("STRING", str(""));
        o.value("VARCHAR(20)", str("h\u00e9llo \u2713 \ud834\udd1e"));
        o.value("STRING", str("quote \" back \\ tab \t nl \n"));
        o.value("CHAR(3)", str("ab "));
        o.value("BYTES", bytes());
        o.value("BYTES", bytes(1, 2));
        o.value("VARBINARY(4)", bytes(-1, -128, 127, 0));
        o.value("BINARY(2)", bytes(0xca, 0xfe));

        o.comment("DATE: LocalDate.toString");
        long[] days = {0, -1, 1, 20454, 19723, 11016, -719528, -719529, -719162, -365243219162L, 2932896, 2932897, 365241780471L};
        for (long d : days) {
            o.value("DATE", date(d));
        }
        for (int i = 0; i < 20; i++) {
            o.value("DATE", date(r.nextInt(4_000_000) - 1_000_000));
        }

        o.comment("TIME: Flink keeps milliseconds; LocalTime.toString drops zero seconds");
        int[] times = {0, 1, 999, 1000, 60_000, 43_200_000, 43_200_123, 86_399_999, 3_723_000, 3_723_100, 180_000};
        for (int t : times) {
            o.value("TIME(3)", time(t));
        }
        o.value("TIME(0)", time(45_296_000));

        o.comment("TIMESTAMP: LocalDateTime.toString (seconds dropped when zero, fraction in groups of 3)");
        long[][] tss = {
            {0, 0}, {1767225780000L, 0}, {1767225780000L - 180000 + 1, 0}, {1, 0}, {1000, 0}, {60000, 0},
            {1, 500}, {0, 1}, {0, 999999}, {123, 456000}, {-1, 0}, {-86400000, 0}, {-1, 999999},
            {-62167219200000L, 0}, {253402300799999L, 999999}, {1700000000123L, 0}, {1735689600000L, 0},
        };
        for (long[] t : tss) {
            o.value("TIMESTAMP(3)", ts(t[0], (int) t[1]));
            o.value("TIMESTAMP(9)", ts(t[0], (int) t[1]));
        }
        o.comment("TIMESTAMP_LTZ: Instant.toString (seconds always shown, Z)");
        for (long[] t : tss) {
            o.value("TIMESTAMP_LTZ(3)", ltz(t[0], (int) t[1]));
        }
        o.value("TIMESTAMP_LTZ(3)", ltz(-62167219200001L, 0));
        o.value("TIMESTAMP_LTZ(3)", ltz(-62198755200000L, 0));
        o.value("TIMESTAMP_LTZ(3)", ltz(253402300800000L, 0));
        o.value("TIMESTAMP_LTZ(3)", ltz(-377705116800000L, 0));
        for (int i = 0; i < 20; i++) {
            long m = (long) (r.nextDouble() * 4e12) - 1_000_000_000_000L;
            int n = r.nextInt(3) == 0 ? r.nextInt(1_000_000) : 0;
            o.value("TIMESTAMP(9)", ts(m, n));
            o.value("TIMESTAMP_LTZ(9)", ltz(m, n));
        }

        o.comment("INTERVAL: Period (per resolution) and Duration");
        int[] months = {0, 1, 11, 12, 14, -14, -1, 1200};
        for (int m : months) {
            o.value("INTERVAL YEAR(2) TO MONTH", ym(m, "YEAR_TO_MONTH"));
            o.value("INTERVAL YEAR(4)", ym(m, "YEAR"));
            o.value("INTERVAL MONTH", ym(m, "MONTH"));
        }
        long[] millis = {0, 1, 999, 1000, 1500, -1, -1000, -1500, 60_000, 3_723_004, 90_061_001, -90_061_001, 86_400_000L * 400};
        for (long m : millis) {
            o.value("INTERVAL DAY(2) TO SECOND(3)", dt(m));
        }

        o.comment("ARRAY: [a, b]");
        o.value("ARRAY<INT>", arr(i32(1), NULL, i32(3)));
        o.value("ARRAY<INT>", arr());
        o.value("ARRAY<DOUBLE>", arr(f64(1.0), f64(0.1), f64(1e-5)));
        o.value("ARRAY<STRING>", arr(str("a"), str(""), NULL));
        o.value("ARRAY<ARRAY<INT>>", arr(arr(i32(1)), arr(), NULL));
        o.value("ARRAY<BYTES>", arr(bytes(1, -1), bytes()));
        o.value("ARRAY<ROW<a INT, b STRING>>", arr(row(i32(1), str("x")), NULL));
        o.value("ARRAY<TIMESTAMP(3)>", arr(ts(1767225780000L, 0)));

        o.comment("ROW: nested rows print +I[...]");
        o.value("ROW<a INT, b STRING>", row(i32(1), str("a")));
        o.value("ROW<a INT, b ROW<c DOUBLE, d BYTES>>", row(NULL, row(f64(2.5), bytes(7))));
        o.value("ROW<>", row());

        o.comment("MAP / MULTISET: Flink's external map is a java.util.HashMap; its iteration order");
        o.value("MAP<STRING, INT>", map(str("b"), i32(2), str("a"), i32(1)));
        o.value("MAP<STRING, INT>", map());
        List<V> kv = new ArrayList<>();
        for (int i = 0; i < 40; i++) {
            kv.add(str("key" + (char) ('a' + (i * 7) % 26) + i));
            kv.add(i32(i));
            if (kv.size() == 26 || kv.size() == 50 || kv.size() == 80) {
                o.value("MAP<STRING, INT>", map(kv.toArray(new V[0])));
            }
        }
        List<V> coll = new ArrayList<>();
        for (String s : collidingKeys(20)) {
            coll.add(str(s));
            coll.add(i32(coll.size() / 2));
            if (coll.size() >= 16) {
                o.value("MAP<STRING, INT>", map(coll.toArray(new V[0])));
            }
        }
        o.value("MAP<STRING, INT>", map(str("a"), i32(1), str("b"), i32(2), str("a"), i32(3)));
        o.value("MAP<STRING, INT>", map(NULL, i32(0), str("z"), NULL, str("\u00e9\u2713\ud834\udd1e"), i32(9)));
        o.value("MAP<INT, STRING>", map(i32(-1), str("m"), i32(100), str("h"), i32(17), str("s"), i32(1), str("o"),
                i32(Integer.MIN_VALUE), str("min"), i32(65536), str("big")));
        o.value("MAP<TINYINT, BOOLEAN>", map(i8(-5), bool(true), i8(5), bool(false), i8(16), NULL));
        o.value("MAP<SMALLINT, INT>", map(i16(300), i32(1), i16(-300), i32(2)));
        o.value("MAP<BIGINT, INT>", map(i64(1L << 40), i32(1), i64(-7), i32(2), i64(Long.MIN_VALUE), i32(3), i64(42), i32(4)));
        o.value("MAP<DOUBLE, INT>", map(f64(1.5), i32(1), f64(-0.0), i32(2), f64(0.0), i32(3), f64(Double.NaN), i32(4),
                f64(1e300), i32(5)));
        o.value("MAP<FLOAT, INT>", map(f32(1.5f), i32(1), f32(-2.25f), i32(2), f32(Float.NaN), i32(3)));
        o.value("MAP<BOOLEAN, INT>", map(bool(true), i32(1), bool(false), i32(0)));
        o.value("MAP<DECIMAL(10, 2), STRING>", map(dec(10850, 2), str("a"), dec(-1, 2), str("b"), dec(0, 2), str("c"),
                dec(99999999, 2), str("d")));
        o.value("MAP<DECIMAL(38, 4), INT>", map(dec(max38.divide(BigInteger.TEN), 4), i32(1),
                dec(BigInteger.ONE.shiftLeft(100), 4), i32(2), dec(BigInteger.ONE.shiftLeft(70).negate(), 4), i32(3)));
        o.value("MAP<DATE, INT>", map(date(20454), i32(1), date(0), i32(2), date(-719529), i32(3), date(2932896), i32(4)));
        o.value("MAP<TIME(3), INT>", map(time(43_200_123), i32(1), time(0), i32(2), time(1000), i32(3)));
        o.value("MAP<TIMESTAMP(3), INT>", map(ts(1767225780000L, 0), i32(1), ts(0, 0), i32(2), ts(-1, 0), i32(3),
                ts(1, 500), i32(4)));
        o.value("MAP<TIMESTAMP_LTZ(3), INT>", map(ltz(1767225780000L, 0), i32(1), ltz(0, 0), i32(2), ltz(-1, 0), i32(3)));
        o.value("MAP<INTERVAL YEAR(2) TO MONTH, INT>", map(ym(14, "YM"), i32(1), ym(-3, "YM"), i32(2), ym(0, "YM"), i32(3)));
        o.value("MAP<INTERVAL DAY(2) TO SECOND(3), INT>", map(dt(1500), i32(1), dt(-1), i32(2), dt(86_400_000), i32(3)));
        o.value("MAP<ROW<a INT, b STRING>, INT>", map(row(i32(1), str("x")), i32(1), row(i32(2), NULL), i32(2),
                row(NULL, str("y")), i32(3)));
        o.value("MAP<ROW<a INT, b BYTES, c ROW<d STRING>>, INT>", map(row(i32(1), bytes(1, 2), row(str("q"))), i32(1),
                row(i32(2), bytes(), NULL), i32(2), row(i32(3), NULL, row(NULL)), i32(3)));
        o.value("MAP<MAP<STRING, INT>, INT>", map(map(str("a"), i32(1)), i32(1), map(), i32(2),
                map(str("b"), i32(2), str("c"), NULL), i32(3)));
        o.value("MAP<ROW<m MAP<STRING, INT>>, INT>", map(row(map(str("a"), i32(1))), i32(1), row(NULL), i32(2)));
        o.value("MAP<STRING, ARRAY<INT>>", map(str("x"), arr(i32(1), i32(2)), str("y"), arr()));
        o.value("MAP<STRING, MAP<STRING, DOUBLE>>", map(str("outer"), map(str("in"), f64(0.5), str("b"), f64(2e-3))));
        o.value("MULTISET<STRING>", map(str("b"), i32(2), str("a"), i32(1), str("c"), i32(7)));
        o.value("MULTISET<INT>", map(i32(3), i32(1), i32(-3), i32(2)));
        List<V> ints = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            ints.add(i32(i * 37 - 500));
            ints.add(i32(i));
        }
        o.value("MAP<INT, INT>", map(ints.toArray(new V[0])));
        return o.sb.toString();
    }

    static String rows() {
        Out o = new Out();
        o.comment("Row.toString() of rows with each RowKind, as Flink's print connector writes them");
        String t1 = "ROW<`user` STRING, `url` STRING, `cnt` BIGINT>";
        o.row(RowKind.INSERT, t1, row(str("Mary"), str("/home"), i64(1)));
        o.row(RowKind.UPDATE_BEFORE, t1, row(str("Mary"), str("/home"), i64(1)));
        o.row(RowKind.UPDATE_AFTER, t1, row(str("Mary"), str("/home"), i64(2)));
        o.row(RowKind.DELETE, t1, row(str("Bob"), NULL, NULL));
        String t2 = "ROW<`temperature` DOUBLE, `median` DOUBLE>";
        o.row(RowKind.INSERT, t2, row(f64(23.5), f64(23.5)));
        o.row(RowKind.INSERT, t2, row(f64(20.7), f64(22.1)));
        o.row(RowKind.INSERT, t2, row(f64(1.0E10), f64(1.0E-5)));
        String t3 = "ROW<`id` INT, `amount` DECIMAL(10, 4), `ts` TIMESTAMP(3), `lts` TIMESTAMP_LTZ(3), `d` DATE>";
        o.row(RowKind.INSERT, t3, row(i32(1), dec(10850, 4), ts(1767225780000L, 0), ltz(1, 0), date(20454)));
        o.row(RowKind.UPDATE_AFTER, t3, row(i32(2), dec(1, 4), ts(1767225781500L, 0), ltz(1767225780000L, 0), NULL));
        String t4 = "ROW<`k` STRING, `tags` ARRAY<STRING>, `attrs` MAP<STRING, INT>, `nested` ROW<`x` INT, `y` BYTES>>";
        o.row(RowKind.INSERT, t4, row(str("a"), arr(str("t1"), str("t2")), map(str("b"), i32(2), str("a"), i32(1)),
                row(i32(5), bytes(1, 2))));
        o.row(RowKind.DELETE, t4, row(str("a"), arr(), map(), row(NULL, NULL)));
        o.row(RowKind.INSERT, "ROW<`EXPR$0` INT>", row(i32(42)));
        o.row(RowKind.INSERT, "ROW<`b` BOOLEAN, `f` FLOAT, `i` INTERVAL DAY(2) TO SECOND(3)>",
                row(bool(true), f32(0.1f), dt(1000)));
        return o.sb.toString();
    }

    /** File name -> content, in a stable order. */
    public static Map<String, String> generate() {
        Map<String, String> files = new LinkedHashMap<>();
        files.put("double.txt", doubles());
        files.put("float.txt", floats());
        files.put("values.txt", values());
        files.put("rows.txt", rows());
        return files;
    }

    public static void main(String[] args) throws IOException {
        Path dir = Paths.get(args.length > 0 ? args[0] : "tests/vectors/render");
        Files.createDirectories(dir);
        for (Map.Entry<String, String> e : generate().entrySet()) {
            Files.write(dir.resolve(e.getKey()), e.getValue().getBytes(StandardCharsets.UTF_8));
            System.out.println("wrote " + dir.resolve(e.getKey()));
        }
    }
}
