package io.ptfhost.bridge.runtime;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.lang.reflect.Method;

/**
 * The generated invokers: a direct call with casts and unboxing for a reachable method, the
 * MethodHandle fallback for one the generated class could not link, the same exceptions either
 * way, and no invoker frame left in a rendered user stack.
 */
public final class InvokerTest {

    private InvokerTest() {}

    public static class Target {
        public String seen;

        public int eval(String s, int i, long l, double d, boolean b, Integer boxed, Object any) {
            seen = s + " " + i + " " + l + " " + d + " " + b + " " + boxed + " " + any;
            return i;
        }

        public void fail(String message) {
            throw new IllegalStateException(message);
        }
    }

    /** Not public: reachable only through the handle. */
    static class Hidden {
        String seen;

        public void eval(String s, int i) {
            seen = s + i;
        }
    }

    private static Method method(Class<?> c, String name) {
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                return m;
            }
        }
        throw new IllegalStateException(name);
    }

    public static void testGeneratedCallSpreadsCastsAndUnboxes() throws Throwable {
        Invoker inv = Invoker.of(method(Target.class, "eval"));
        assertTrue(inv.generated(), "a public method gets a generated invoker");
        Target t = new Target();
        inv.invoke(t, new Object[] {"a", 1, 2L, 3.5, true, null, 'c'});
        assertEquals("a 1 2 3.5 true null c", t.seen);
        assertTrue(Invoker.isGeneratedFrame(inv.getClass().getName()), inv.getClass().getName());
    }

    /** Parallel instances of a function call eval through one invoker: one class at the call site. */
    public static void testOneInvokerPerMethod() throws Throwable {
        assertTrue(Invoker.of(method(Target.class, "eval")) == Invoker.of(method(Target.class, "eval")),
                "a generated invoker is made once");
        assertTrue(Invoker.of(method(Hidden.class, "eval")) == Invoker.of(method(Hidden.class, "eval")),
                "so is the handle fallback");
        assertTrue(Invoker.of(method(Target.class, "fail")) != Invoker.of(method(Target.class, "eval")),
                "each method has its own");
    }

    public static void testUnreachableMethodUsesTheHandle() throws Throwable {
        Invoker inv = Invoker.of(method(Hidden.class, "eval"));
        assertTrue(!inv.generated(), "a non-public class is called through a handle");
        Hidden h = new Hidden();
        inv.invoke(h, new Object[] {"b", 7});
        assertEquals("b7", h.seen);
    }

    public static void testExceptionsPassUnchanged() throws Throwable {
        Invoker inv = Invoker.of(method(Target.class, "fail"));
        try {
            inv.invoke(new Target(), new Object[] {"boom"});
            throw new AssertionError("no exception");
        } catch (IllegalStateException e) {
            assertEquals("boom", e.getMessage());
            String text = UserErrors.render(e, InvokerTest.class);
            assertTrue(text.contains("\tat io.ptfhost.bridge.runtime.InvokerTest$Target.fail("), text);
            assertTrue(!text.contains("bridge.generated") && !text.contains("Invoker.") && !text.contains("Invoker$"),
                    text);
        }
        // a null for a primitive parameter fails as unboxing does
        try {
            Invoker.of(method(Target.class, "eval")).invoke(new Target(), new Object[] {"a", null, 2L, 3.5, true,
                    null, null});
            throw new AssertionError("no exception");
        } catch (NullPointerException e) {
            // expected
        }
    }
}
