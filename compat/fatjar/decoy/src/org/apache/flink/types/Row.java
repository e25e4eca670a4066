package org.apache.flink.types;

/**
 * A decoy for a Flink API class that a careless build packages into the user's JAR (flink-table-common
 * without provided scope). ptfhost must load the shim's Row instead; if this copy is ever
 * initialised, the run fails with this message.
 */
public final class Row {
    static {
        fail();
    }

    private static void fail() {
        throw new IllegalStateException("the bundled org.apache.flink.types.Row of the user's JAR was loaded, "
                + "not the shim's");
    }
}
