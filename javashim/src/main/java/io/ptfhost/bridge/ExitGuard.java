package io.ptfhost.bridge;

import java.security.AllPermission;
import java.security.Permission;
import java.util.Arrays;

/**
 * Keeps user code from ending the process: a SecurityManager whose only check is
 * {@link #checkExit} (System.exit, Runtime.exit and Runtime.halt all call it), which throws a
 * {@link UserSystemExitException} naming the call. Every other permission is granted, so nothing
 * else changes. The attempt is also remembered per thread, so that code which catches the
 * exception still fails its call ({@link #takeAttempt}).
 *
 * <p>Installed once by C at start-up ({@link #install}), only when the JVM was started with
 * {@code -Djava.security.manager=allow} (JDK 17 to 23; JDK 24 removed the Security Manager, and
 * C then falls back to JNI's exit hook, which can only fail the process).
 */
public final class ExitGuard extends SecurityManager {

    static final String STOPPED = "ptfhost stopped user code that attempted to end the process;"
            + " the call fails instead and ptfhost decides the exit code";

    private static final ThreadLocal<UserSystemExitException> ATTEMPT = new ThreadLocal<>();
    /** Set before the first attempt of any thread is kept: until then no thread has one to take. */
    private static volatile boolean anyAttempt;

    private ExitGuard() {}

    /**
     * Does, on a second thread, the work of a first {@link #install} that needs no guard in place:
     * initialising SecurityManager (its static state walks every package of the boot layer) and
     * the policy that System.setSecurityManager consults for a guard loaded off the boot class
     * path. Both are the JDK's own once-per-JVM set-up, with no output and nothing a user can see;
     * measured interpreted at start-up, 10-20 ms that a job's planning now hides. install waits
     * for the class initialisation it overlaps, as the JDK does for any class. A class of its own:
     * calling a static method of ExitGuard would initialise SecurityManager on the caller's thread.
     */
    public static final class Preparer extends Thread {
        private static boolean started;

        private Preparer() {
            super("ptfhost-exit-guard");
            setDaemon(true);
        }

        /** Starts the preparation once per JVM. */
        public static synchronized void begin() {
            if (!started) {
                started = true;
                new Preparer().start();
            }
        }

        @Override
        public void run() {
            try {
                new ExitGuard().getClass().getProtectionDomain().implies(new AllPermission());
            } catch (RuntimeException | LinkageError e) {
                // only a head start: install does the same work and reports what fails
            }
        }
    }

    /** Installs the guard if the JVM allows it; returns 1 when a guard is in place, else 0. */
    @SuppressWarnings("removal")
    public static synchronized int install() {
        if (System.getSecurityManager() instanceof ExitGuard) {
            return 1;
        }
        if (!"allow".equals(System.getProperty("java.security.manager")) || System.getSecurityManager() != null) {
            return 0;
        }
        // JDK 17 to 23 print a deprecation warning to the process's stderr here (the stream of
        // start-up, whatever System.err is now): C silences file descriptor 2 around this call.
        try {
            System.setSecurityManager(new ExitGuard());
            return 1;
        } catch (UnsupportedOperationException | SecurityException e) {
            return 0;
        }
    }

    /** The exit attempt of the current thread's last user call, if any; clears it. */
    public static UserSystemExitException takeAttempt() {
        if (!anyAttempt) {
            return null;   // the usual case, once per user call: no thread-local lookup
        }
        UserSystemExitException e = ATTEMPT.get();
        if (e != null) {
            ATTEMPT.remove();
        }
        return e;
    }

    @Override
    public void checkExit(int status) {
        StackTraceElement[] st = new Throwable().getStackTrace();
        int from = 0;   // drop this guard's frames: the stack starts at Runtime.exit/halt
        while (from < st.length && st[from].getClassName().equals(ExitGuard.class.getName())) {
            from++;
        }
        String call = "Runtime.exit";
        for (int i = from; i < st.length && i < from + 3; i++) {
            String c = st[i].getClassName(), m = st[i].getMethodName();
            if (c.equals("java.lang.System") && m.equals("exit")) {
                call = "System.exit";
            } else if (c.equals("java.lang.Runtime") && m.equals("halt")) {
                call = "Runtime.halt";
            }
        }
        UserSystemExitException named = new UserSystemExitException(call + "(" + status + "): " + STOPPED);
        named.setStackTrace(Arrays.copyOfRange(st, from, st.length));
        anyAttempt = true;
        ATTEMPT.set(named);
        throw named;
    }

    @Override
    public void checkPermission(Permission perm) {
        if (perm instanceof RuntimePermission && perm.getName().equals("setSecurityManager")) {
            throw new SecurityException("ptfhost keeps its exit guard: user code may not replace the SecurityManager");
        }
    }

    @Override
    public void checkPermission(Permission perm, Object context) {
        checkPermission(perm);
    }
}
