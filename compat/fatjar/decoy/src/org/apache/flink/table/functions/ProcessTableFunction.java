package org.apache.flink.table.functions;

/**
 * A decoy ProcessTableFunction bundled into the user's JAR (see ../../types/Row.java): a PTF whose
 * superclass resolved to this copy would fail to initialise, and would not be a PTF at all.
 */
public abstract class ProcessTableFunction<T> {
    static {
        fail();
    }

    private static void fail() {
        throw new IllegalStateException("the bundled org.apache.flink.table.functions.ProcessTableFunction of the "
                + "user's JAR was loaded, not the shim's");
    }
}
