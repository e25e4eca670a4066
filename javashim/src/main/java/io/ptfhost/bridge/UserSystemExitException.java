package io.ptfhost.bridge;

/**
 * Thrown in place of {@code System.exit}, {@code Runtime.exit} or {@code Runtime.halt} called by
 * user code (the name follows Flink's exception for {@code cluster.intercept-user-system-exit:
 * THROW}). The call fails like any exception from user code, and ptfhost decides the exit code.
 */
public final class UserSystemExitException extends SecurityException {
    private static final long serialVersionUID = 1L;

    UserSystemExitException(String message) {
        super(message);
    }
}
