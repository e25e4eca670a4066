package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;

/** A general table error: an internal fault or an unsupported feature, usually not the user's fault. */
@PublicEvolving
public class TableException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public TableException(String message, Throwable cause) {
        super(message, cause);
    }

    public TableException(String message) {
        super(message);
    }
}
