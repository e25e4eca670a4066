package org.apache.flink.table.data;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.types.ColumnList;
import org.apache.flink.types.RowKind;

import java.math.BigDecimal;
import java.time.Instant;
import java.time.LocalDateTime;
import java.util.Arrays;
import java.util.Collections;

/** Internal data structures a PTF may receive instead of Row, and ColumnList. */
public class DataStructuresTest {

    public static void testStringData() {
        StringData s = StringData.fromString("héllo");
        assertEquals("héllo", s.toString());
        assertEquals(6, s.toBytes().length); // UTF-8: é takes two bytes
        assertEquals(s, StringData.fromBytes("héllo".getBytes(java.nio.charset.StandardCharsets.UTF_8)));
        assertEquals(StringData.fromString("b"), StringData.fromBytes(new byte[] {'a', 'b', 'c'}, 1, 1));
        assertTrue(StringData.fromString("a").compareTo(StringData.fromString("b")) < 0, "a < b");
        assertTrue(StringData.fromString("z").compareTo(StringData.fromString("é")) < 0, "byte order = code point order");
        assertEquals(null, StringData.fromString(null));
    }

    public static void testGenericRowData() {
        GenericRowData row = GenericRowData.of(1, StringData.fromString("a"), null, new byte[] {1, 2});
        assertEquals(4, row.getArity());
        assertEquals(1, row.getInt(0));
        assertEquals("a", row.getString(1).toString());
        assertTrue(row.isNullAt(2), "null field");
        assertEquals("+I(1,a,null,[1, 2])", row.toString());
        row.setRowKind(RowKind.DELETE);
        assertEquals(RowKind.DELETE, row.getRowKind());
        assertEquals(GenericRowData.ofKind(RowKind.DELETE, 1, StringData.fromString("a"), null, new byte[] {1, 2}), row);
        assertThrows(NullPointerException.class, () -> row.setRowKind(null));
    }

    public static void testFieldGetters() {
        GenericRowData row = GenericRowData.of(7, null, StringData.fromString("s"));
        RowData.FieldGetter i = RowData.createFieldGetter(new org.apache.flink.table.types.logical.IntType(false), 0);
        RowData.FieldGetter n = RowData.createFieldGetter(new org.apache.flink.table.types.logical.BigIntType(), 1);
        RowData.FieldGetter s = RowData.createFieldGetter(new org.apache.flink.table.types.logical.VarCharType(5), 2);
        assertEquals(7, i.getFieldOrNull(row));
        assertEquals(null, n.getFieldOrNull(row)); // nullable: checks isNullAt before the typed getter
        assertEquals(StringData.fromString("s"), s.getFieldOrNull(row));
    }

    public static void testTimestampData() {
        TimestampData t = TimestampData.fromEpochMillis(1, 500);
        assertEquals(1L, t.getMillisecond());
        assertEquals(500, t.getNanoOfMillisecond());
        assertEquals(Instant.ofEpochSecond(0, 1_000_500), t.toInstant());
        assertEquals(LocalDateTime.of(1970, 1, 1, 0, 0, 0, 1_000_500), t.toLocalDateTime());
        TimestampData neg = TimestampData.fromEpochMillis(-1);
        assertEquals(LocalDateTime.of(1969, 12, 31, 23, 59, 59, 999_000_000), neg.toLocalDateTime());
        assertEquals(neg, TimestampData.fromLocalDateTime(neg.toLocalDateTime()));
        assertEquals(t, TimestampData.fromInstant(t.toInstant()));
        assertEquals("1970-01-01T00:00:00.001", TimestampData.fromEpochMillis(1).toString());
    }

    public static void testDecimalData() {
        DecimalData d = DecimalData.fromBigDecimal(new BigDecimal("1.085"), 5, 4);
        assertEquals("1.0850", d.toString());
        assertEquals(new BigDecimal("1.0850"), d.toBigDecimal());
        assertEquals(null, DecimalData.fromBigDecimal(new BigDecimal("123.4"), 3, 1)); // does not fit
        assertEquals(DecimalData.fromUnscaledLong(10850, 5, 4), d);
    }

    public static void testColumnList() {
        ColumnList plain = ColumnList.of("a", "b`c");
        assertEquals(Arrays.asList("a", "b`c"), plain.getNames());
        assertEquals(Collections.emptyList(), plain.getDataTypes());
        assertEquals("(`a`, `b``c`)", plain.toString());
        ColumnList typed = ColumnList.of(Arrays.asList("a"), Arrays.asList(DataTypes.INT().notNull()));
        assertEquals("(`a` INT NOT NULL)", typed.toString());
        assertEquals(typed, ColumnList.of(Arrays.asList("a"), Arrays.asList(DataTypes.INT().notNull())));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> ColumnList.of(Arrays.asList("a", "b"), Arrays.asList(DataTypes.INT())));
        assertEquals("Mismatch between data types and names.", e.getMessage());
        e = assertThrows(IllegalArgumentException.class, () -> ColumnList.of(Arrays.asList("a", null)));
        assertEquals("Names must not contain null elements.", e.getMessage());
    }
}
