package io.ptfhost.bridge.types;

/**
 * A malformed or invalid type string. Its message is Flink's (ValidationException from
 * LogicalTypeParser or from a logical type's parameter check), so it can be shown to users as is.
 */
public final class TypeParseException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public TypeParseException(String message) {
        super(message);
    }

    public TypeParseException(String message, Throwable cause) {
        super(message, cause);
    }
}
