package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;

/** An error raised on purpose while processing data, most likely caused by the user's data or code. */
@PublicEvolving
public class TableRuntimeException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TableRuntimeException(String message, Throwable cause) {
        super(message, cause);
    }

    public TableRuntimeException(String message) {
        super(message);
    }
}
