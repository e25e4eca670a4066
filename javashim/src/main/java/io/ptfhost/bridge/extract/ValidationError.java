package io.ptfhost.bridge.extract;

/**
 * The bridge's counterpart of Flink's {@code ValidationException} during extraction: a message that
 * is Flink's text verbatim, an optional cause (Flink chains causes the same way), and optionally the
 * one-line fix that {@code ptfhost describe} prints under the message.
 */
public final class ValidationError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final String fix;

    private ValidationError(String message, Throwable cause, String fix) {
        super(message, cause);
        this.fix = fix;
    }

    /** Flink's {@code ExtractionUtils.extractionError(message, args)}. */
    public static ValidationError of(String format, Object... args) {
        return new ValidationError(String.format(format, args), null, null);
    }

    /** Flink's {@code ExtractionUtils.extractionError(cause, message, args)}. */
    public static ValidationError wrap(Throwable cause, String format, Object... args) {
        return new ValidationError(String.format(format, args), cause, null);
    }

    /** The same error with a fix attached. */
    public ValidationError withFix(String fixLine) {
        ValidationError e = new ValidationError(getMessage(), getCause(), fixLine);
        e.setStackTrace(getStackTrace());
        return e;
    }

    public String fix() {
        return fix;
    }

    /** The message chain as Flink prints it: outer message first, causes after, one per line. */
    public static String chain(Throwable t) {
        StringBuilder sb = new StringBuilder();
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (sb.length() > 0) {
                sb.append('\n');
            }
            sb.append(c.getMessage() != null ? c.getMessage() : c.getClass().getName());
            if (c.getCause() == c) {
                break;
            }
        }
        return sb.toString();
    }

    /** The innermost fix in the chain: the deepest cause knows best what went wrong. */
    public static String fixOf(Throwable t) {
        String found = null;
        for (Throwable c = t; c != null; c = c.getCause()) {
            if (c instanceof ValidationError && ((ValidationError) c).fix != null) {
                found = ((ValidationError) c).fix;
            }
            if (c.getCause() == c) {
                break;
            }
        }
        return found;
    }
}
