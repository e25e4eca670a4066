package org.apache.flink.table.connector;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

import org.apache.flink.types.RowKind;

import java.util.EnumSet;

/** ChangelogMode factories, rendering, equality and hash code. */
public class ChangelogModeTest {

    public static void testToString() {
        assertEquals("[INSERT]", ChangelogMode.insertOnly().toString());
        assertEquals("[INSERT, UPDATE_BEFORE, UPDATE_AFTER, DELETE]", ChangelogMode.all().toString());
        assertEquals("[INSERT, UPDATE_AFTER, ~DELETE]", ChangelogMode.upsert().toString());
        assertEquals("[INSERT, UPDATE_AFTER, DELETE]", ChangelogMode.upsert(false).toString());
        // kinds print in RowKind order regardless of insertion order
        ChangelogMode m = ChangelogMode.newBuilder()
                .addContainedKind(RowKind.DELETE)
                .addContainedKind(RowKind.INSERT)
                .keyOnlyDeletes(true)
                .build();
        assertEquals("[INSERT, ~DELETE]", m.toString());
        ChangelogMode noDelete = ChangelogMode.newBuilder()
                .addContainedKind(RowKind.UPDATE_AFTER).keyOnlyDeletes(true).build();
        assertEquals("[UPDATE_AFTER]", noDelete.toString());
    }

    public static void testQueries() {
        ChangelogMode upsert = ChangelogMode.upsert();
        assertTrue(upsert.keyOnlyDeletes(), "upsert() has key-only deletes");
        assertTrue(!ChangelogMode.upsert(false).keyOnlyDeletes(), "upsert(false) has full deletes");
        assertTrue(!ChangelogMode.all().keyOnlyDeletes(), "all() has full deletes");
        assertTrue(upsert.contains(RowKind.UPDATE_AFTER), "contains +U");
        assertTrue(!upsert.contains(RowKind.UPDATE_BEFORE), "no -U");
        assertTrue(ChangelogMode.insertOnly().containsOnly(RowKind.INSERT), "insert only");
        assertTrue(!upsert.containsOnly(RowKind.INSERT), "not insert only");
        assertEquals(EnumSet.of(RowKind.INSERT, RowKind.UPDATE_AFTER, RowKind.DELETE), upsert.getContainedKinds());
        assertThrows(UnsupportedOperationException.class, () -> upsert.getContainedKinds().add(RowKind.UPDATE_BEFORE));
    }

    public static void testEqualsAndHashCode() {
        ChangelogMode built = ChangelogMode.newBuilder()
                .addContainedKind(RowKind.INSERT)
                .addContainedKind(RowKind.UPDATE_AFTER)
                .addContainedKind(RowKind.DELETE)
                .build();
        assertEquals(ChangelogMode.upsert(false), built);
        assertTrue(!ChangelogMode.upsert(true).equals(built), "keyOnlyDeletes is part of equality");
        assertEquals(EnumSet.of(RowKind.INSERT).hashCode() * 31 + Boolean.hashCode(false),
                ChangelogMode.insertOnly().hashCode());
        assertEquals(built.getContainedKinds().hashCode() * 31 + Boolean.hashCode(true),
                ChangelogMode.upsert().hashCode());
    }

    public static void testEmptyIsRejected() {
        IllegalArgumentException e =
                assertThrows(IllegalArgumentException.class, () -> ChangelogMode.newBuilder().build());
        assertEquals("At least one kind of row should be contained in a changelog.", e.getMessage());
    }

    public static void testBuilderDoesNotAliasBuiltModes() {
        ChangelogMode.Builder b = ChangelogMode.newBuilder().addContainedKind(RowKind.INSERT);
        ChangelogMode first = b.build();
        b.addContainedKind(RowKind.DELETE);
        assertEquals("[INSERT]", first.toString());
    }
}
