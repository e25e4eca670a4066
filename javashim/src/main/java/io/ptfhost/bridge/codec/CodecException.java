package io.ptfhost.bridge.codec;

/**
 * A value could not be encoded (it does not fit its SQL type) or decoded (the bytes are
 * truncated or corrupt). The message names the field path, e.g. {@code field `pos`: field `x`:
 * expected java.lang.Double for DOUBLE but got java.lang.String}.
 */
public final class CodecException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public CodecException(String message) {
        super(message);
    }

    public CodecException(String message, Throwable cause) {
        super(message, cause);
    }

    /** The same failure one level up: {@code prefix: message}. */
    CodecException within(String prefix) {
        CodecException e = new CodecException(prefix + ": " + getMessage(), getCause());
        e.setStackTrace(getStackTrace());
        return e;
    }
}
