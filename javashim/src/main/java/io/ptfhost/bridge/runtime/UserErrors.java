package io.ptfhost.bridge.runtime;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;

/**
 * Renders an exception thrown by user code for an ERROR message: {@code Throwable.printStackTrace}
 * text ("class: message", the frames, "Caused by: ..."), with the frames below the user's method
 * (the runtime's own invocation machinery) cut off, so the stack starts and ends in the user's code.
 */
final class UserErrors {

    private UserErrors() {}

    /**
     * @param invoker the class whose frame called the user's method; it and everything below it
     *     are removed from every exception in the chain, and so are the frames of generated code
     *     and of the {@link Invoker} (a method handle's frames are hidden: the text stays the same)
     */
    static String render(Throwable t, Class<?> invoker) {
        trim(t, invoker.getName(), Collections.newSetFromMap(new IdentityHashMap<>()));
        StringWriter sw = new StringWriter();
        try (PrintWriter pw = new PrintWriter(sw)) {
            t.printStackTrace(pw);
        }
        String s = sw.toString();
        // printStackTrace ends with a line separator; the message does not need it
        return s.endsWith(System.lineSeparator()) ? s.substring(0, s.length() - System.lineSeparator().length()) : s;
    }

    private static void trim(Throwable t, String invoker, Set<Throwable> seen) {
        if (t == null || !seen.add(t)) {
            return;
        }
        StackTraceElement[] st = t.getStackTrace();
        List<StackTraceElement> kept = new ArrayList<>(st.length);
        for (StackTraceElement e : st) {
            if (e.getClassName().equals(invoker)) {
                break;
            }
            if (!Invoker.isGeneratedFrame(e.getClassName())) {
                kept.add(e);
            }
        }
        if (kept.size() != st.length) {
            t.setStackTrace(kept.toArray(new StackTraceElement[0]));
        }
        trim(t.getCause(), invoker, seen);
        for (Throwable s : t.getSuppressed()) {
            trim(s, invoker, seen);
        }
    }
}
