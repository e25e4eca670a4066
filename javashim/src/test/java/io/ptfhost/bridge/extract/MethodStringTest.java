package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.io.IOException;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;

/**
 * {@link PtfExtractor#methodString} is the text of Method.toString (describe prints it as the eval
 * method): modifiers, default methods, arrays, varargs, nested classes, throws clauses.
 */
public final class MethodStringTest {

    /** Nested, with the shapes a PTF's methods take. */
    public abstract static class Shapes {
        public void eval(Object ctx, int[] counts, String... rest) {}

        protected static synchronized long[][] helper(Map.Entry<String, Long> e) throws IOException {
            return null;
        }

        abstract void noModifiersButAbstract();

        private native void nativeOne();
    }

    public static void testSameTextAsMethodToString() {
        List<Method> methods = new ArrayList<>();
        for (Class<?> c : new Class<?>[] {Shapes.class, Comparator.class, Map.class, String.class, Object.class}) {
            for (Method m : c.getDeclaredMethods()) {
                methods.add(m);
            }
        }
        boolean sawDefault = false;
        for (Method m : methods) {
            assertEquals(m.toString(), PtfExtractor.methodString(m));
            sawDefault |= m.isDefault();
        }
        assertTrue(sawDefault, "the methods include default methods");
    }
}
