package io.ptfhost.bridge.table;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static org.apache.flink.table.api.Expressions.$;
import static org.apache.flink.table.api.Expressions.array;
import static org.apache.flink.table.api.Expressions.call;
import static org.apache.flink.table.api.Expressions.descriptor;
import static org.apache.flink.table.api.Expressions.lit;
import static org.apache.flink.table.api.Expressions.map;
import static org.apache.flink.table.api.Expressions.nullOf;
import static org.apache.flink.table.api.Expressions.row;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.TableException;

import java.math.BigDecimal;

/** The SQL text the Table API's expressions stand for (no engine needed). */
public class SqlTest {

    public static void testIdentifiersAndPaths() {
        assertEquals("`a``b`", Sql.ident("a`b"));
        assertEquals("`cat`.`db`.`t`", Sql.path("cat.db.t"));
        assertEquals("`x.y`", Sql.path("`x.y`"));
    }

    public static void testLiteralsHaveLitsTypes() {
        assertEquals("3", Sql.literal(3));
        assertEquals("CAST(3 AS BIGINT)", Sql.literal(3L));
        assertEquals("CAST(1.5 AS DOUBLE)", Sql.literal(1.5));
        assertEquals("CAST(1.0E+10 AS DOUBLE)", Sql.literal(1e10));
        assertEquals("'it''s'", Sql.literal("it's"));
        assertEquals("TRUE", Sql.literal(true));
        assertEquals("NULL", Sql.literal(null));
        assertEquals("1.0850", Sql.literal(new BigDecimal("1.0850")));
        TableException e = assertThrows(TableException.class, () -> Sql.literal(Double.NaN));
        assertEquals("ptfhost's Table API has no literal for NaN", e.getMessage());
    }

    public static void testOperatorsNest() {
        assertEquals("((`a` > 1) AND (`b` IS NULL))", Sql.of($("a").isGreater(1).and($("b").isNull())));
        assertEquals("((`a` + 1) * CAST(2 AS BIGINT))", Sql.of($("a").plus(1).times(2L)));
        assertEquals("(`a` = 'x') AS `eq`", Sql.of($("a").isEqual("x").as("eq")));
        assertEquals("(NOT (`a` <= `b`))", Sql.of($("a").isLessOrEqual($("b")).not()));
    }

    public static void testNamedArgumentsAndConstructors() {
        assertEquals("numTrailing => 3", Sql.of(lit(3).asArgument("numTrailing")));
        assertEquals(true, Sql.isNamed(lit(3).asArgument("numTrailing")));
        assertEquals(false, Sql.isNamed(lit(3)));
        assertEquals("on_time => DESCRIPTOR(`ts`)", Sql.of(descriptor("ts").asArgument("on_time")));
        assertEquals("ROW(1, 'a')", Sql.of(row(1, "a")));
        assertEquals("ARRAY[1, 2]", Sql.of(array(1, 2)));
        assertEquals("MAP['k', 1]", Sql.of(map("k", 1)));
        assertEquals("CAST(NULL AS INT)", Sql.of(nullOf(DataTypes.INT())));
        assertEquals("`f`.`g`(`a`, 1)", Sql.of(call("f.g", $("a"), 1)));
    }

    public static void testIntervalsOrderAndTimeLiterals() {
        assertEquals("INTERVAL '2' HOUR", Sql.of(lit(2).hours()));
        assertEquals("INTERVAL '14' DAY", Sql.of(lit(2).weeks()));
        assertEquals("INTERVAL '0.005' SECOND", Sql.of(lit(5).millis()));
        assertEquals("(`n` * INTERVAL '3' MONTH)", Sql.of($("n").quarters()));
        assertEquals("INTERVAL '1.5' SECOND", Sql.literal(java.time.Duration.ofMillis(1500)));
        assertEquals("INTERVAL '1-2' YEAR TO MONTH", Sql.literal(java.time.Period.ofMonths(14)));
        assertEquals("DATE '2026-01-01'", Sql.literal(java.time.LocalDate.of(2026, 1, 1)));
        assertEquals("`ts` ASC", Sql.of($("ts").asc()));
        assertEquals("`score` DESC", Sql.of($("score").desc()));
        assertEquals("CAST(`a` AS TIMESTAMP(3) WITH LOCAL TIME ZONE)", Sql.of($("a").cast(DataTypes.TIMESTAMP_LTZ(3))));
    }
}
