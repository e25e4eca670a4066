package io.ptfhost.bridge.extract;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;

import java.lang.annotation.Annotation;
import java.lang.reflect.Method;

/**
 * The JDK's first reading of annotations costs more than the rest of a small JAR's extraction: it
 * generates a proxy class for each annotation type (and for the meta-annotations it reads about
 * each type). String.format sets up regular expressions, and the user loaders list the JDK's
 * packages ({@link UserClassLoaders#inJdkPackage}). The class-data-sharing archive cannot hold
 * generated classes, so {@link #begin} does that work once per JVM on a second thread while
 * {@link Describer} reads the JARs; an extraction that gets there first waits for the class being
 * generated (the JDK's caches build each entry once) or does the work itself. Nothing here is
 * observable: no output, no user class, and errors are dropped.
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
            Method m = WarmUp.class.getDeclaredMethod("sample", Object.class, Object.class);
            m.getAnnotation(DataTypeHint.class).hashCode(); // hint sets hash them
            for (Annotation[] param : m.getParameterAnnotations()) {
                for (Annotation a : param) {
                    a.hashCode();
                }
            }
            // %s only: %d would load the locale's number symbols, which a valid describe never needs
            String.format("%s", m.getName());
            UserClassLoaders.inJdkPackage(WarmUp.class.getName());
        } catch (ReflectiveOperationException | RuntimeException | LinkageError e) {
            // only a warm-up: extraction reports its own errors
        }
    }

    /** The hints of a PTF's eval, nested ones included (@FunctionHint is rarer). */
    @DataTypeHint("INT")
    private static void sample(@StateHint(type = @DataTypeHint("INT")) Object state,
            @ArgumentHint(type = @DataTypeHint("INT")) Object arg) {}
}
