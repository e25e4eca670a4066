package io.ptfhost.bridge.table;

import io.ptfhost.bridge.TableBridge;

import org.apache.flink.table.api.TableException;
import org.apache.flink.table.api.ValidationException;
import org.apache.flink.table.functions.UserDefinedFunction;

import java.io.File;
import java.net.URISyntaxException;
import java.net.URL;
import java.security.CodeSource;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;

/**
 * Functions the Table API registers: the engine loads a function from its class and JAR (CREATE
 * FUNCTION ... USING JAR), so a class, or an instance by its class, is registered under a name; an
 * inline function ({@code process(Median.class)}, {@code call(Median.class)}) once per class, as a
 * temporary system function named after the class (so a call with set semantics gets its uid
 * from that name, as a registered function's would).
 */
public final class Functions {
    private Functions() {}

    private static final Map<Class<?>, String> INLINE = new HashMap<>();
    private static final Set<String> INLINE_NAMES = new HashSet<>();

    /** The name (unquoted) under which an inline function class is registered. */
    public static synchronized String inlineName(Class<? extends UserDefinedFunction> cls) {
        String name = INLINE.get(cls);
        if (name != null) return name;
        // The class's simple name: a set-semantics call derives its uid from it (no '$').
        name = cls.getSimpleName();
        for (int i = 1; INLINE_NAMES.contains(name); i++) name = cls.getSimpleName() + "_" + i;
        TableBridge.run(create("CREATE TEMPORARY SYSTEM FUNCTION", Sql.ident(name), cls), TableBridge.EXECUTE);
        INLINE.put(cls, name);
        INLINE_NAMES.add(name);
        return name;
    }

    public static String inline(Class<? extends UserDefinedFunction> cls) {
        return Sql.ident(inlineName(cls));
    }

    public static String inline(UserDefinedFunction function) {
        return inline(classOf(function));
    }

    /** {@code <head> name AS 'class' USING JAR 'jar'}. */
    public static String create(String head, String nameSql, Class<?> cls) {
        return head + " " + nameSql + " AS " + Sql.string(cls.getName()) + " USING JAR " + Sql.string(jarOf(cls));
    }

    /** The engine creates an instance from the class: that needs a public no-argument constructor. */
    public static Class<? extends UserDefinedFunction> classOf(UserDefinedFunction function) {
        Class<? extends UserDefinedFunction> cls = function.getClass();
        try {
            cls.getConstructor();
        } catch (NoSuchMethodException e) {
            throw new ValidationException("ptfhost creates functions from their class, and "
                    + cls.getName() + " has no public no-argument constructor: register the class instead"
                    + " of an instance");
        }
        return cls;
    }

    private static String jarOf(Class<?> cls) {
        CodeSource source = cls.getProtectionDomain().getCodeSource();
        URL location = source == null ? null : source.getLocation();
        try {
            if (location != null && "file".equals(location.getProtocol())) {
                return new File(location.toURI()).getPath();
            }
        } catch (URISyntaxException e) {
            // falls through
        }
        throw new TableException("cannot tell which JAR holds " + cls.getName() + " (" + location + ")");
    }
}
