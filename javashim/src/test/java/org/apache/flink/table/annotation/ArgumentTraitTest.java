package org.apache.flink.table.annotation;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import org.apache.flink.table.types.inference.StaticArgumentTrait;

import java.util.Arrays;

/** ArgumentTrait order (Flink 2.1-2.3), roots and the mapping to StaticArgumentTrait. */
public class ArgumentTraitTest {

    public static void testDeclarationOrder() {
        assertEquals(
                "[SCALAR, ROW_SEMANTIC_TABLE, SET_SEMANTIC_TABLE, OPTIONAL_PARTITION_BY, PASS_COLUMNS_THROUGH, "
                        + "SUPPORT_UPDATES, REQUIRE_UPDATE_BEFORE, REQUIRE_FULL_DELETE, REQUIRE_ON_TIME]",
                Arrays.toString(ArgumentTrait.values()));
    }

    public static void testRootsAndStaticTraits() {
        for (ArgumentTrait t : ArgumentTrait.values()) {
            boolean root = t == ArgumentTrait.SCALAR
                    || t == ArgumentTrait.ROW_SEMANTIC_TABLE
                    || t == ArgumentTrait.SET_SEMANTIC_TABLE;
            assertEquals(root, t.isRoot());
            // every trait maps to the static trait of the same name
            assertEquals(StaticArgumentTrait.valueOf(t.name()), t.toStaticTrait());
        }
    }

    public static void testNoLegacyNames() {
        for (String legacy : new String[] {"TABLE_AS_ROW", "TABLE_AS_SET"}) {
            boolean found = Arrays.stream(ArgumentTrait.values()).anyMatch(t -> t.name().equals(legacy));
            assertTrue(!found, legacy + " was removed in Flink 2.1");
        }
    }
}
