package io.ptfhost.bridge.runtime;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import io.ptfhost.bridge.types.SqlType;
import io.ptfhost.bridge.types.TypeParser;

import org.apache.flink.table.data.ArrayData;
import org.apache.flink.table.data.GenericMapData;
import org.apache.flink.table.data.MapData;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.data.StringData;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

import java.math.BigDecimal;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.util.LinkedHashMap;
import java.util.Map;

/** A RowData table argument sees Flink's internal structures for every type. */
public final class InternalRowsTest {

    public static void testScalarsStringsDecimalsTimestampsAndNestedRows() {
        SqlType t = TypeParser.parse(
                "ROW<`s` STRING, `d` DECIMAL(10, 2), `ts` TIMESTAMP(3), `day` DATE, `n` INT, `r` ROW<`x` STRING>>");
        Row in = Row.ofKind(RowKind.UPDATE_AFTER, "Bob", new BigDecimal("1.50"),
                LocalDateTime.of(2026, 1, 1, 0, 0, 1), LocalDate.of(1970, 1, 11), 7, Row.of("in"));
        RowData r = InternalRows.toRowData(in, t);
        assertEquals(RowKind.UPDATE_AFTER, r.getRowKind());
        assertEquals(StringData.fromString("Bob"), r.getString(0));
        assertEquals("1.50", r.getDecimal(1, 10, 2).toBigDecimal().toString());
        assertEquals(LocalDateTime.of(2026, 1, 1, 0, 0, 1), r.getTimestamp(2, 3).toLocalDateTime());
        assertEquals(10, r.getInt(3));
        assertEquals(7, r.getInt(4));
        assertEquals(StringData.fromString("in"), r.getRow(5, 1).getString(0));
    }

    public static void testArraysAndMapsBecomeGenericData() {
        SqlType t = TypeParser.parse("ROW<`a` ARRAY<STRING>, `m` MAP<STRING, INT>>");
        Map<String, Integer> m = new LinkedHashMap<>();
        m.put("k", 1);
        RowData r = InternalRows.toRowData(Row.of(new String[] {"x", null}, m), t);
        ArrayData a = r.getArray(0);
        assertEquals(2, a.size());
        assertEquals(StringData.fromString("x"), a.getString(0));
        assertTrue(a.isNullAt(1), "a null element stays null");
        MapData md = r.getMap(1);
        assertEquals(1, md.size());
        assertEquals(1, ((GenericMapData) md).get(StringData.fromString("k")));
        assertEquals(StringData.fromString("k"), md.keyArray().getString(0));
        assertEquals(1, md.valueArray().getInt(0));
    }

    public static void testNullsStayNull() {
        SqlType t = TypeParser.parse("ROW<`s` STRING, `a` ARRAY<INT>>");
        RowData r = InternalRows.toRowData(Row.of(null, null), t);
        assertTrue(r.isNullAt(0) && r.isNullAt(1), "nulls stay null");
    }
}
