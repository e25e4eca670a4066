package org.apache.flink.table.types.inference;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

import org.apache.flink.table.api.DataTypes;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.types.Row;

import java.util.EnumSet;

/** StaticArgument construction, trait enrichment and Flink's validation messages. */
public class StaticArgumentTest {

    public static void testTableTraitsAreEnriched() {
        StaticArgument row = StaticArgument.table("t", Row.class, false, EnumSet.noneOf(StaticArgumentTrait.class));
        assertEquals(EnumSet.of(StaticArgumentTrait.TABLE, StaticArgumentTrait.ROW_SEMANTIC_TABLE), row.getTraits());
        assertEquals("t => {TABLE, ROW SEMANTIC TABLE}", row.toString());
        StaticArgument set = StaticArgument.table("t", Row.class, false,
                EnumSet.of(StaticArgumentTrait.SET_SEMANTIC_TABLE, StaticArgumentTrait.OPTIONAL_PARTITION_BY));
        assertEquals(EnumSet.of(StaticArgumentTrait.TABLE, StaticArgumentTrait.SET_SEMANTIC_TABLE,
                StaticArgumentTrait.OPTIONAL_PARTITION_BY), set.getTraits());
        assertTrue(set.is(StaticArgumentTrait.SET_SEMANTIC_TABLE), "is SET");
        assertEquals(Row.class, set.getConversionClass().get());
        assertTrue(!set.getDataType().isPresent(), "polymorphic");
    }

    public static void testScalar() {
        StaticArgument s = StaticArgument.scalar("i", DataTypes.INT().notNull().bridgedTo(int.class), false);
        assertEquals("i => INT NOT NULL", s.toString());
        assertEquals(int.class, s.getDataType().get().getConversionClass());
        assertEquals(s, StaticArgument.scalar("i", DataTypes.INT().notNull().bridgedTo(int.class), false));
    }

    public static void testMessages() {
        ValidationException e = assertThrows(ValidationException.class,
                () -> StaticArgument.scalar("1x", DataTypes.INT(), false));
        assertEquals("Invalid argument name '1x'. An argument must follow the pattern [a-zA-Z_$][a-zA-Z_$0-9]*.",
                e.getMessage());
        e = assertThrows(ValidationException.class,
                () -> StaticArgument.table("r", Row.class, false, EnumSet.of(StaticArgumentTrait.OPTIONAL_PARTITION_BY)));
        assertEquals("Invalid argument traits for argument 'r'. Trait OPTIONAL_PARTITION_BY requires SET_SEMANTIC_TABLE.",
                e.getMessage());
        e = assertThrows(ValidationException.class,
                () -> StaticArgument.table("t", Row.class, true, EnumSet.noneOf(StaticArgumentTrait.class)));
        assertEquals("Untyped table arguments must not be optional.", e.getMessage());
        e = assertThrows(ValidationException.class,
                () -> StaticArgument.scalar("i", DataTypes.INT().notNull(), true));
        assertEquals("Invalid data type for optional argument 'i'. An optional argument has to accept null values.",
                e.getMessage());
        e = assertThrows(ValidationException.class,
                () -> StaticArgument.table("t", String.class, false, EnumSet.noneOf(StaticArgumentTrait.class)));
        assertEquals("Invalid conversion class 'java.lang.String' for argument 't'. "
                + "Polymorphic, untyped table arguments must use a row class.", e.getMessage());
        e = assertThrows(ValidationException.class,
                () -> StaticArgument.table("t", DataTypes.INT(), false, EnumSet.noneOf(StaticArgumentTrait.class)));
        assertEquals("Invalid data type 'INT' for table argument 't'. "
                + "Typed table arguments must use a composite type (i.e. row or structured type).", e.getMessage());
    }

    public static void testStaticTraitOrderAndRequirements() {
        assertEquals("[SCALAR, TABLE, MODEL, ROW_SEMANTIC_TABLE, SET_SEMANTIC_TABLE, PASS_COLUMNS_THROUGH, "
                + "SUPPORT_UPDATES, REQUIRE_ON_TIME, OPTIONAL_PARTITION_BY, REQUIRE_UPDATE_BEFORE, REQUIRE_FULL_DELETE]",
                java.util.Arrays.toString(StaticArgumentTrait.values()));
        assertEquals(EnumSet.of(StaticArgumentTrait.SUPPORT_UPDATES),
                EnumSet.copyOf(StaticArgumentTrait.REQUIRE_FULL_DELETE.getRequirements()));
        assertTrue(StaticArgumentTrait.SCALAR.getRequirements().isEmpty(), "roots have no requirements");
    }

    public static void testDataTypeRendering() {
        assertEquals("ROW<`name` STRING, `score` INT NOT NULL>",
                DataTypes.ROW(DataTypes.FIELD("name", DataTypes.STRING()),
                        DataTypes.FIELD("score", DataTypes.INT().notNull())).toString());
        assertEquals("ROW<`name` VARCHAR(2147483647)>",
                DataTypes.ROW(DataTypes.FIELD("name", DataTypes.STRING())).getLogicalType().asSerializableString());
        assertEquals("ARRAY<DOUBLE>", DataTypes.ARRAY(DataTypes.DOUBLE()).toString());
        assertEquals("MAP<STRING, BIGINT NOT NULL>", DataTypes.MAP(DataTypes.STRING(), DataTypes.BIGINT().notNull()).toString());
        assertEquals("TIMESTAMP_LTZ(3)", DataTypes.TIMESTAMP_LTZ(3).toString());
        assertEquals("TIMESTAMP(3)", DataTypes.TIMESTAMP(3).toString());
        assertEquals("DECIMAL(10, 2)", DataTypes.DECIMAL(10, 2).toString());
        assertEquals("BYTES", DataTypes.BYTES().toString());
        assertEquals("INTERVAL SECOND(9)", DataTypes.INTERVAL(DataTypes.SECOND(9)).toString());
        assertEquals("INTERVAL YEAR(4) TO MONTH", DataTypes.INTERVAL(DataTypes.YEAR(4), DataTypes.MONTH()).toString());
        assertEquals(Integer[].class, DataTypes.ARRAY(DataTypes.INT()).getConversionClass());
        assertEquals(java.util.List.class,
                org.apache.flink.table.api.dataview.ListView.newListViewDataType(DataTypes.INT())
                        .getChildren().get(0).getConversionClass());
    }
}
