package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;

/** A user error found while validating a function, a type or a query. */
@PublicEvolving
public class ValidationException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    public ValidationException(String message, Throwable cause) {
        super(message, cause);
    }

    public ValidationException(String message) {
        super(message);
    }
}
