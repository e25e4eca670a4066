package io.ptfhost.bridge.types;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

/** Flink's type-string grammar: parsing, summary printing, round trips and error positions. */
public final class TypeParserTest {

    private static void roundTrip(String in, String summary) {
        SqlType t = TypeParser.parse(in);
        assertEquals(summary, t.toString());
        // the summary form parses back to the same type
        assertEquals(t, TypeParser.parse(summary));
    }

    public static void testPredefinedTypesAndShortcuts() {
        roundTrip("INT", "INT");
        roundTrip("integer not null", "INT NOT NULL");
        roundTrip("INT NULL", "INT");
        roundTrip("STRING", "STRING");
        roundTrip("VARCHAR(2147483647)", "STRING");
        roundTrip("VARCHAR(5)", "VARCHAR(5)");
        roundTrip("VARCHAR", "VARCHAR(1)");
        roundTrip("CHAR(3) NOT NULL", "CHAR(3) NOT NULL");
        roundTrip("BYTES", "BYTES");
        roundTrip("VARBINARY(2147483647)", "BYTES");
        roundTrip("BINARY(16)", "BINARY(16)");
        roundTrip("DECIMAL(10, 4)", "DECIMAL(10, 4)");
        roundTrip("NUMERIC(7)", "DECIMAL(7, 0)");
        roundTrip("DEC", "DECIMAL(10, 0)");
        roundTrip("DOUBLE PRECISION", "DOUBLE");
        roundTrip("TINYINT", "TINYINT");
        roundTrip("SMALLINT", "SMALLINT");
        roundTrip("BIGINT", "BIGINT");
        roundTrip("FLOAT", "FLOAT");
        roundTrip("BOOLEAN", "BOOLEAN");
        roundTrip("DATE", "DATE");
        roundTrip("TIME", "TIME(0)");
        roundTrip("TIME(3) WITHOUT TIME ZONE", "TIME(3)");
        roundTrip("TIMESTAMP", "TIMESTAMP(6)");
        roundTrip("TIMESTAMP(3) WITHOUT TIME ZONE", "TIMESTAMP(3)");
        roundTrip("TIMESTAMP(3) WITH LOCAL TIME ZONE", "TIMESTAMP_LTZ(3)");
        roundTrip("TIMESTAMP_LTZ(9)", "TIMESTAMP_LTZ(9)");
        roundTrip("TIMESTAMP(9) WITH TIME ZONE", "TIMESTAMP(9) WITH TIME ZONE");
        roundTrip("NULL", "NULL");
        roundTrip("DESCRIPTOR", "DESCRIPTOR");
    }

    public static void testIntervals() {
        roundTrip("INTERVAL YEAR", "INTERVAL YEAR(2)");
        roundTrip("INTERVAL YEAR(4) TO MONTH", "INTERVAL YEAR(4) TO MONTH");
        roundTrip("INTERVAL MONTH", "INTERVAL MONTH");
        roundTrip("INTERVAL DAY", "INTERVAL DAY(2)");
        roundTrip("INTERVAL DAY(3) TO SECOND(3)", "INTERVAL DAY(3) TO SECOND(3)");
        roundTrip("INTERVAL DAY TO HOUR", "INTERVAL DAY(2) TO HOUR");
        roundTrip("INTERVAL HOUR TO MINUTE", "INTERVAL HOUR TO MINUTE");
        roundTrip("INTERVAL HOUR TO SECOND", "INTERVAL HOUR TO SECOND(6)");
        roundTrip("INTERVAL MINUTE TO SECOND(2)", "INTERVAL MINUTE TO SECOND(2)");
        roundTrip("INTERVAL SECOND(9)", "INTERVAL SECOND(9)");
    }

    public static void testConstructedTypes() {
        roundTrip("ARRAY<DOUBLE>", "ARRAY<DOUBLE>");
        roundTrip("INT NOT NULL ARRAY", "ARRAY<INT NOT NULL>");
        roundTrip("STRING MULTISET NOT NULL", "MULTISET<STRING> NOT NULL");
        roundTrip("MAP<STRING, INT>", "MAP<STRING, INT>");
        roundTrip("ROW<a INT, b STRING>", "ROW<`a` INT, `b` STRING>");
        roundTrip("ROW(a INT NOT NULL, b ARRAY<MAP<STRING, BIGINT>>)",
                "ROW<`a` INT NOT NULL, `b` ARRAY<MAP<STRING, BIGINT>>>");
        roundTrip("ROW<>", "ROW<>");
        roundTrip("ROW<`a b` INT 'a ''quoted'' comment', `x``y` DOUBLE> NOT NULL",
                "ROW<`a b` INT 'a ''quoted'' comment', `x``y` DOUBLE> NOT NULL");
        roundTrip("ROW<temperature DOUBLE, median DOUBLE>", "ROW<`temperature` DOUBLE, `median` DOUBLE>");
        SqlType row = TypeParser.parse("ROW<`a b` INT 'c'>");
        assertEquals("a b", row.fields().get(0).name);
        assertEquals("c", row.fields().get(0).description);
        assertTrue(row.isComposite(), "ROW is composite");
        assertTrue(!TypeParser.parse("ARRAY<INT>").isComposite(), "ARRAY is not composite");
    }

    private static String error(String in) {
        return assertThrows(TypeParseException.class, () -> TypeParser.parse(in)).getMessage();
    }

    public static void testErrorsCarryFlinksPosition() {
        assertEquals("Could not parse type at position 15: <LIST_SEPARATOR> expected but was <IDENTIFIER>.\n"
                + " Input type string: ROW<word STRING cnt BIGINT>", error("ROW<word STRING cnt BIGINT>"));
        assertEquals("Could not parse type at position 5: Unexpected end.\n Input type string: ROW<a INT",
                error("ROW<a INT"));
        assertEquals("Could not parse type at position 3: Unexpected token: FOO\n Input type string: INT FOO",
                error("INT FOO"));
        assertEquals("Could not parse type at position 0: Unexpected end.\n Input type string: ", error(""));
        assertEquals("Could not parse type at position 8: <LITERAL_INT> expected but was <IDENTIFIER>.\n"
                + " Input type string: DECIMAL(p, 2)", error("DECIMAL(p, 2)"));
        assertEquals("Could not parse type at position 8: <KEYWORD> expected but was <IDENTIFIER>.\n"
                + " Input type string: INTERVAL WEEK", error("INTERVAL WEEK"));
        assertEquals("Could not parse type at position 8: Invalid interval resolution.\n"
                + " Input type string: INTERVAL DATE", error("INTERVAL DATE"));
        assertEquals("Could not parse type at position 0: Unsupported type: PRECISION\n"
                + " Input type string: PRECISION", error("PRECISION"));
    }

    public static void testInvalidParametersAndUserDefinedTypes() {
        assertEquals("Decimal precision must be between 1 and 38 (both inclusive).", error("DECIMAL(40, 2)"));
        assertEquals("Decimal scale must be between 0 and the precision 5 (both inclusive).", error("DECIMAL(5, 6)"));
        assertEquals("Variable character string length must be between 1 and 2147483647 (both inclusive).",
                error("VARCHAR(0)"));
        assertEquals("Timestamp precision must be between 0 and 9 (both inclusive).", error("TIMESTAMP(10)"));
        assertEquals("Field names must be unique. Found duplicates: [a]", error("ROW<a INT, a STRING>"));
        // a misspelt type is an identifier: a user-defined type, which cannot be resolved
        assertEquals("User-defined types are not supported yet.", error("ROW<a DUBLE>"));
    }
}
