package org.apache.flink.types;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.TreeMap;

/** Row rendering, field modes, equality, hashing and messages, as Flink defines them. */
public class RowTest {

    private static Row hybrid(RowKind kind, Object... values) {
        LinkedHashMap<String, Integer> positions = new LinkedHashMap<>();
        for (int i = 0; i < values.length; i++) {
            positions.put(String.valueOf((char) ('a' + i)), i);
        }
        return RowUtils.createRowWithNamedPositions(kind, values, positions);
    }

    public static void testPositionedToString() {
        assertEquals("+I[1, a]", Row.of(1, "a").toString());
        assertEquals("-U[Bob, null]", Row.ofKind(RowKind.UPDATE_BEFORE, "Bob", null).toString());
        assertEquals("+U[]", Row.ofKind(RowKind.UPDATE_AFTER).toString());
        assertEquals("-D[null, null]", new Row(RowKind.DELETE, 2).toString());
        assertEquals("+I[]", Row.of().toString());
    }

    public static void testNestedToString() {
        TreeMap<String, Object> map = new TreeMap<>();
        map.put("k", new Integer[] {1, 2});
        map.put("n", null);
        Row row = Row.of(
                Row.ofKind(RowKind.DELETE, 1, Row.of("x")),
                new Integer[] {1, 2},
                new int[] {3, 4},
                new byte[] {1, 2},
                new Object[][] {{1, 2}, {3}},
                map,
                Arrays.asList(1, null, new long[] {5}));
        assertEquals(
                "+I[-D[1, +I[x]], [1, 2], [3, 4], [1, 2], [[1, 2], [3]], {k=[1, 2], n=null}, [1, null, [5]]]",
                row.toString());
    }

    public static void testJavaRenderingOfLeaves() {
        Row row = Row.of(1.0E10, 1.0E-5, Double.NaN, 1.5f, new BigDecimal("1.0850"),
                LocalDateTime.of(2026, 1, 1, 0, 3), Instant.ofEpochMilli(1), true, 'c');
        assertEquals(
                "+I[1.0E10, 1.0E-5, NaN, 1.5, 1.0850, 2026-01-01T00:03, 1970-01-01T00:00:00.001Z, true, c]",
                row.toString());
    }

    public static void testNameBasedToString() {
        Row row = Row.withNames();
        row.setField("a", 1);
        assertEquals("+I{a=1}", row.toString());
        row.setKind(RowKind.DELETE);
        assertEquals("-D{a=1}", row.toString());
        assertEquals("+I{}", Row.withNames().toString());
    }

    public static void testHybridToStringIsPositional() {
        assertEquals("+I[1, x]", hybrid(RowKind.INSERT, 1, "x").toString());
    }

    public static void testLegacyToString() {
        RowUtils.USE_LEGACY_TO_STRING = true;
        try {
            assertEquals("1,a,null,[1, 2]", Row.of(1, "a", null, new int[] {1, 2}).toString());
            Row named = Row.withNames();
            named.setField("a", 1);
            assertEquals("+I{a=1}", named.toString()); // name-based rows ignore the legacy flag
        } finally {
            RowUtils.USE_LEGACY_TO_STRING = false;
        }
    }

    public static void testPositionAccess() {
        Row row = Row.withPositions(2);
        assertEquals(2, row.getArity());
        assertEquals(RowKind.INSERT, row.getKind());
        row.setField(0, "x");
        assertEquals("x", row.getField(0));
        String s = row.getFieldAs(0);
        assertEquals("x", s);
        assertEquals(null, row.getField(1));
        assertEquals(null, row.getFieldNames(true));
        assertThrows(ArrayIndexOutOfBoundsException.class, () -> row.getField(2));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> row.getField("a"));
        assertEquals("Accessing a field by name is not supported in position-based field mode.", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> row.setField("a", 1));
        assertEquals("Accessing a field by name is not supported in position-based field mode.", e.getMessage());
        row.clear();
        assertEquals("+I[null, null]", row.toString());
    }

    public static void testNameAccess() {
        Row row = Row.withNames(RowKind.UPDATE_AFTER);
        assertEquals(0, row.getArity());
        assertEquals(null, row.getField("missing"));
        row.setField("a", 1);
        row.setField("b", null);
        assertEquals(2, row.getArity());
        Integer a = row.getFieldAs("a");
        assertEquals(1, a);
        assertEquals(2, row.getFieldNames(false).size());
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> row.getField(0));
        assertEquals("Accessing a field by position is not supported in name-based field mode.", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> row.setField(0, 1));
        assertEquals("Accessing a field by position is not supported in name-based field mode.", e.getMessage());
        row.clear();
        assertEquals(0, row.getArity());
    }

    public static void testNamedPositionAccess() {
        Row row = hybrid(RowKind.INSERT, 1, "x");
        assertEquals(1, row.getField("a"));
        assertEquals("x", row.getField(1));
        row.setField("b", "y");
        assertEquals("y", row.getField(1));
        assertEquals(Arrays.asList("a", "b"), new java.util.ArrayList<>(row.getFieldNames(true)));
        assertEquals(null, row.getFieldNames(false));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> row.getField("z"));
        assertEquals("Unknown field name 'z' for mapping to a position.", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> row.setField("z", 1));
        assertEquals("Unknown field name 'z' for mapping to a row position. Available names are: [a, b]", e.getMessage());
    }

    public static void testKindMustNotBeNull() {
        NullPointerException e = assertThrows(NullPointerException.class, () -> new Row(null, 1));
        assertEquals("Row kind must not be null.", e.getMessage());
        e = assertThrows(NullPointerException.class, () -> Row.of(1).setKind(null));
        assertEquals("Row kind must not be null.", e.getMessage());
    }

    public static void testEqualityAcrossModes() {
        Row positioned = Row.of(1, "x");
        Row named = Row.withNames();
        named.setField("a", 1);
        named.setField("b", "x");
        Row hybrid = hybrid(RowKind.INSERT, 1, "x");

        assertEquals(positioned, Row.of(1, "x"));
        assertEquals(positioned, hybrid); // names are ignored between positioned rows
        assertEquals(hybrid, positioned);
        assertEquals(hybrid, named);
        assertEquals(named, hybrid);
        assertTrue(!positioned.equals(named), "position-based row never equals a name-based row");
        assertTrue(!named.equals(positioned), "name-based row never equals a position-based row");
        assertTrue(!positioned.equals(Row.ofKind(RowKind.DELETE, 1, "x")), "kind is part of equality");
        assertTrue(!positioned.equals(Row.of(1, "y")), "field values are compared");
        assertTrue(!positioned.equals(null), "null is not equal");
        assertTrue(!positioned.equals("+I[1, x]"), "other classes are not equal");

        Row namedOther = Row.withNames();
        namedOther.setField("a", 1);
        namedOther.setField("c", "x");
        assertTrue(!hybrid.equals(namedOther), "unknown name in the named row");
    }

    public static void testDeepEquality() {
        assertEquals(Row.of((Object) new Integer[] {1, 2}), Row.of((Object) new Integer[] {1, 2}));
        assertTrue(!Row.of((Object) new Integer[] {1, 2}).equals(Row.of((Object) new Integer[] {1, 3})), "elements compared");
        assertEquals(Row.of(new byte[] {1, 2}), Row.of(new byte[] {1, 2}));
        assertEquals(Row.of((Object) new Object[] {new int[] {1}}), Row.of((Object) new Object[] {new int[] {1}}));
        assertTrue(!Row.of((Object) new Object[] {1}).equals(Row.of((Object) new Integer[] {1})),
                "arrays of different component classes differ");
        assertEquals(Row.of(Arrays.asList(new int[] {1})), Row.of(Arrays.asList(new int[] {1})));
        TreeMap<String, Object> m1 = new TreeMap<>();
        m1.put("k", new int[] {1});
        m1.put("n", null);
        java.util.HashMap<String, Object> m2 = new java.util.HashMap<>();
        m2.put("k", new int[] {1});
        m2.put("n", null);
        assertEquals(Row.of(m1), Row.of(m2));
        java.util.HashMap<String, Object> m3 = new java.util.HashMap<>(m2);
        m3.remove("n");
        m3.put("o", null);
        assertTrue(!Row.of(m2).equals(Row.of(m3)), "null values need the same key");
        assertEquals(Row.of(Row.of(1, Row.of(2))), Row.of(Row.of(1, Row.of(2))));
    }

    /** Expected values computed by hand from Flink's formula (see the comments). */
    public static void testHashCodeFormula() {
        // array hash: h=1; h=31*h+hash(e). hash(1) = Arrays.deepHashCode({1}) = 31+1 = 32,
        // hash("a") = 31+97 = 128 => 31*(31*1+32)+128 = 2081; row = 31*kindByte + 2081.
        assertEquals(2081, Row.of(1, "a").hashCode());
        assertEquals(31 * 3 + 2081, Row.ofKind(RowKind.DELETE, 1, "a").hashCode());
        // null field hashes 0: 31*(31*1+0)+0 = 961
        assertEquals(961, Row.of(null, null).hashCode());
        // byte[] {1,2}: Arrays.hashCode(b) = 31*(31+1)+2 = 994, Arrays.deepHashCode({b}) = 31+994 = 1025,
        // field array = 31*1 + 1025
        assertEquals(31 + 1025, Row.of(new byte[] {1, 2}).hashCode());
        // hybrid rows hash like positioned rows (names are not included)
        assertEquals(Row.of(1, "a").hashCode(), hybrid(RowKind.INSERT, 1, "a").hashCode());
        // name-based: map hash = 1 + sum(hash(k) ^ hash(v)); hash("a") = 128, hash(1) = 32
        Row named = Row.withNames();
        named.setField("a", 1);
        assertEquals(1 + (128 ^ 32), named.hashCode());
        // equal rows have equal hash codes, also with nested arrays
        assertEquals(Row.of(new Integer[] {1}, Row.of(2)).hashCode(), Row.of(new Integer[] {1}, Row.of(2)).hashCode());
    }

    public static void testCopyProjectJoin() {
        Row hybrid = hybrid(RowKind.UPDATE_AFTER, 1, "x");
        Row copy = Row.copy(hybrid);
        assertEquals(hybrid, copy);
        assertEquals(RowKind.UPDATE_AFTER, copy.getKind());
        assertEquals("x", copy.getField("b")); // named positions survive
        copy.setField(0, 2);
        assertEquals(1, hybrid.getField(0)); // shallow copy of the field array

        Row named = Row.withNames(RowKind.DELETE);
        named.setField("a", 1);
        Row namedCopy = Row.copy(named);
        namedCopy.setField("b", 2);
        assertEquals(1, named.getArity());

        assertEquals(Row.ofKind(RowKind.UPDATE_AFTER, "x"), Row.project(hybrid, new int[] {1}));
        Row projected = Row.project(hybrid, new String[] {"b"});
        assertEquals("+U{b=x}", projected.toString());

        Row joined = Row.join(Row.ofKind(RowKind.DELETE, 1), Row.of(2, 3), Row.of());
        assertEquals("-D[1, 2, 3]", joined.toString());
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> Row.join(Row.of(1), Row.withNames()));
        assertEquals("All rows must operate in position-based field mode.", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> Row.join(Row.withNames()));
        assertEquals("All rows must operate in position-based field mode.", e.getMessage());
    }

    public static void testCompareRows() {
        assertTrue(RowUtils.compareRows(Arrays.asList(Row.of(1), Row.of(2)), Arrays.asList(Row.of(1), Row.of(2))),
                "ordered equal");
        assertTrue(!RowUtils.compareRows(Arrays.asList(Row.of(1), Row.of(2)), Arrays.asList(Row.of(2), Row.of(1))),
                "order matters by default");
        assertTrue(RowUtils.compareRows(Arrays.asList(Row.of(1), Row.of(2)), Arrays.asList(Row.of(2), Row.of(1)), true),
                "order ignored");
        assertTrue(!RowUtils.compareRows(Arrays.asList(Row.of(1), Row.of(1)), Arrays.asList(Row.of(1), Row.of(2)), true),
                "multiplicity counts");
        assertTrue(RowUtils.compareRows(null, null), "null == null");
        assertTrue(!RowUtils.compareRows(null, Arrays.asList(Row.of(1))), "null != list");
    }

    public static void testSerializable() throws Exception {
        Row row = hybrid(RowKind.DELETE, 1, "x");
        java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
        try (java.io.ObjectOutputStream out = new java.io.ObjectOutputStream(bytes)) {
            out.writeObject(row);
        }
        Row back;
        try (java.io.ObjectInputStream in =
                new java.io.ObjectInputStream(new java.io.ByteArrayInputStream(bytes.toByteArray()))) {
            back = (Row) in.readObject();
        }
        assertEquals(row, back);
        assertEquals("x", back.getField("b"));
    }
}
