package io.ptfhost.bridge.extract;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.annotation.StateHint;

/**
 * Start-up work of an extraction that does not depend on the JARs: String.format sets up regular
 * expressions, the user loaders list the JDK's packages ({@link UserClassLoaders#inJdkPackage}),
 * and {@link Hints} reads the hint types' own class files (members, defaults) with ASM. {@link
 * #begin} does it once per JVM on a second thread while {@link Describer} reads the JARs; an
 * extraction that gets there first waits for a class being initialized or does the same work
 * itself (the caches keep one result). Nothing here is observable: no output, no user class, and
 * errors are dropped.
 */
final class WarmUp extends Thread {
    private static boolean started;

    private WarmUp() {
        super("ptfhost-warm-up");
        setDaemon(true);
    }

    static synchronized void begin() {
        if (!started) {
            started = true;
            new WarmUp().start();
        }
    }

    @Override
    public void run() {
        try {
            // %s only: %d would load the locale's number symbols, which a valid describe never needs
            String.format("%s", getName());
            UserClassLoaders.inJdkPackage(WarmUp.class.getName());
            // a PTF's eval has these, FunctionHint's defaults bring DataTypeHint
            Hints.hintType(StateHint.class);
            Hints.hintType(ArgumentHint.class);
            Hints.hintType(FunctionHint.class);
        } catch (RuntimeException | LinkageError e) {
            // only a warm-up: extraction reports its own errors
        }
    }
}
