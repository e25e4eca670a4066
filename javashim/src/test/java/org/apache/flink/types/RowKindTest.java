package org.apache.flink.types;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;

/** RowKind constants, short strings and stable byte values. */
public class RowKindTest {

    public static void testOrderShortStringsAndBytes() {
        String[] names = {"INSERT", "UPDATE_BEFORE", "UPDATE_AFTER", "DELETE"};
        String[] shorts = {"+I", "-U", "+U", "-D"};
        RowKind[] kinds = RowKind.values();
        assertEquals(4, kinds.length);
        for (int i = 0; i < kinds.length; i++) {
            assertEquals(names[i], kinds[i].name());
            assertEquals(shorts[i], kinds[i].shortString());
            assertEquals((byte) i, kinds[i].toByteValue());
            assertEquals(kinds[i], RowKind.fromByteValue((byte) i));
        }
    }

    public static void testUnknownByteValue() {
        UnsupportedOperationException e =
                assertThrows(UnsupportedOperationException.class, () -> RowKind.fromByteValue((byte) 4));
        assertEquals("Unsupported byte value '4' for row kind.", e.getMessage());
        e = assertThrows(UnsupportedOperationException.class, () -> RowKind.fromByteValue((byte) -1));
        assertEquals("Unsupported byte value '-1' for row kind.", e.getMessage());
    }
}
