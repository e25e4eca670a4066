package io.ptfhost.bridge;

import org.apache.flink.table.api.TableException;

/**
 * The Table API's way into ptfhost's engine: each statement the shim's {@code TableEnvironment}
 * builds runs in the session of {@code ptfhost run app.jar} (jni/jb_app.c binds {@link #execute}).
 * Modes are jb_sql_mode_t's.
 */
public final class TableBridge {
    private TableBridge() {}

    /** DDL, INSERT: run it. */
    public static final int EXECUTE = 0;
    /** A query: print its rows as {@code TableResult.print()} does. */
    public static final int PRINT = 1;
    /** The statement is a function's name: answer its first table argument's name, or null. */
    public static final int TABLE_ARG = 2;
    /** A query: answer its row type, a newline, and its rows in the binary value format as hex. */
    public static final int COLLECT = 3;

    private static native String execute(String sql, int mode);

    /**
     * Runs one statement; the engine's error is the {@link TableException}. One at a time: the
     * session behind it is not thread-safe.
     */
    public static synchronized String run(String sql, int mode) {
        System.out.flush();
        try {
            return execute(sql, mode);
        } catch (UnsatisfiedLinkError e) {
            throw new TableException(
                    "The Table API of ptfhost runs only inside 'ptfhost run [-c MAIN_CLASS] app.jar'.");
        }
    }
}
