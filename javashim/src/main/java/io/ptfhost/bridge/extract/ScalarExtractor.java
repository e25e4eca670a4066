package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.types.SqlType;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.functions.ScalarFunction;

import java.io.IOException;
import java.io.InputStream;
import java.lang.reflect.GenericArrayType;
import java.lang.reflect.Method;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Infers a scalar function's overloads the way Flink does (TypeInferenceExtractor.forScalarFunction):
 * without hints one overload per public {@code eval}, argument types from the parameters (the
 * component type of a varargs array) and their {@code @DataTypeHint}, the result from the method's
 * {@code @DataTypeHint}, else the return type, with the same type extraction as for PTFs
 * ({@link TypeExtractor}). {@code @FunctionHint}s on the class (global, for every eval) and on an
 * eval ({@link FunctionTemplate}) declare signatures and results by Flink's mapping rules (see
 * {@link #overloads}); every eval must be callable with each signature its hints declare. Equal
 * signatures from several evals are one overload, run by the first eval in Flink's method order.
 *
 * <p>Which kind of function a class is comes from its class files (read through the loader, nothing
 * is loaded), so a table or aggregate function, whose base class the shim does not provide, gets a
 * message naming its kind instead of a NoClassDefFoundError.
 */
public final class ScalarExtractor {

    static final String SCALAR_CLASS = "org.apache.flink.table.functions.ScalarFunction";
    private static final String FUNCTIONS = "org.apache.flink.table.functions.";
    // base class, FunctionKind in lower case, how a message names it
    private static final String[][] KINDS = {
        {SCALAR_CLASS, "scalar", "scalar function"},
        {FUNCTIONS + "AsyncScalarFunction", "async_scalar", "asynchronous scalar function"},
        {FUNCTIONS + "TableFunction", "table", "table function"},
        {FUNCTIONS + "AsyncTableFunction", "async_table", "asynchronous table function"},
        {FUNCTIONS + "AggregateFunction", "aggregate", "aggregate function"},
        {FUNCTIONS + "TableAggregateFunction", "table_aggregate", "table aggregate function"},
        {Describer.PTF_CLASS, "process_table", "process table function"},
    };

    private final Class<?> cls;
    private final ScalarSignature sig;

    private ScalarExtractor(Class<?> cls, ScalarSignature sig) {
        this.cls = cls;
        this.sig = sig;
    }

    /** Never throws for a bad user class: the error is recorded in the result. */
    public static ScalarSignature extract(ClassLoader loader, String className, List<String> jars) {
        ScalarSignature sig = new ScalarSignature(className);
        String[] kind = kindOf(loader, className, null);
        if (kind == null && loader.getResource(resource(className)) == null) {
            sig.kind = null;
            sig.error = String.format("Class '%s' not found in %s.", className, String.join(", ", jars));
            sig.fix = Fixes.CLASS_NOT_FOUND;
            return sig;
        }
        sig.kind = kind == null ? null : kind[1];
        if (kind == null || !kind[0].equals(SCALAR_CLASS)) {
            sig.error = kind == null
                    ? String.format("Class '%s' is not a user-defined function: it does not extend '%s'.", className,
                            SCALAR_CLASS)
                    : String.format("Function class '%s' is a%s %s (it extends %s): ptfhost runs scalar functions "
                            + "(ScalarFunction) and process table functions (ProcessTableFunction) only.", className,
                            kind[2].startsWith("a") ? "n" : "", kind[2], kind[0]);
            sig.fix = "run this function on Apache Flink, or rewrite it as a ScalarFunction or ProcessTableFunction";
            return sig;
        }
        try {
            new ScalarExtractor(Class.forName(className, false, loader), sig).run();
        } catch (ClassNotFoundException e) {
            sig.error = String.format("Class '%s' not found in %s.", className, String.join(", ", jars));
            sig.fix = Fixes.CLASS_NOT_FOUND;
        } catch (RuntimeException | LinkageError ex) {
            sig.error = ValidationError.chain(ex);
            sig.fix = Fixes.forError(ex);
        }
        return sig;
    }

    /**
     * Whether className's class file says it extends ScalarFunction (for describe's JAR scan).
     * scanned holds the class files the scan read, by the name their entry gives (null: unreadable,
     * or not necessarily the one the loader would read); others are read through the loader.
     */
    static boolean isScalar(ClassLoader loader, String className, Map<String, ClassFileInfo> scanned) {
        String[] kind = kindOf(loader, className, scanned);
        return kind != null && kind[0].equals(SCALAR_CLASS);
    }

    /** Whether className's class files say it is a user-defined function other than a PTF. */
    static boolean isOtherFunction(ClassLoader loader, String className) {
        String[] kind = kindOf(loader, className, null);
        return kind != null && !kind[0].equals(Describer.PTF_CLASS);
    }

    private static String resource(String className) {
        return className.replace('.', '/') + ".class";
    }

    /** The KINDS row of the first Flink function base on the superclass chain, or null. */
    private static String[] kindOf(ClassLoader loader, String name, Map<String, ClassFileInfo> scanned) {
        for (int depth = 0; name != null && depth < 64; depth++) {
            for (String[] k : KINDS) {
                if (k[0].equals(name)) {
                    return k;
                }
            }
            if (name.startsWith("java.")) {
                // only the JDK defines java.* classes, and none extends a Flink class; reading
                // java/lang/Object's file would open the runtime image
                return null;
            }
            ClassFileInfo known = scanned == null ? null : scanned.get(name);
            if (known != null && UserClassLoaders.onlyInJars(loader, name)) {
                name = known.superName;
                continue;
            }
            try (InputStream in = UserClassLoaders.openClassFile(loader, name)) {
                if (in == null) {
                    return null;
                }
                name = ClassFileInfo.read(in).superName;
            } catch (IOException e) {
                return null;
            }
        }
        return null;
    }

    private void run() {
        PtfExtractor.validateClass(cls);
        Map<List<Object>, ScalarSignature.Overload> all = new LinkedHashMap<>();
        try {
            try {
                Set<FunctionTemplate> global = templates(
                        PtfExtractor.classAnnotations(cls, ScalarFunction.class, FunctionHint.class));
                for (Method m : PtfExtractor.collectMethods(cls, PtfExtractor.EVAL)) {
                    try {
                        for (ScalarSignature.Overload o : overloads(m, global)) {
                            put(all, o);
                        }
                    } catch (RuntimeException | LinkageError t) {
                        throw ValidationError.wrap(t, "Unable to extract a type inference from method:\n%s", m);
                    }
                }
            } catch (RuntimeException | LinkageError t) {
                throw ValidationError.wrap(t, "Error in extracting a signature to output mapping.");
            }
        } catch (RuntimeException | LinkageError t) {
            throw ValidationError.wrap(t, "Could not extract a valid type inference for function class '%s'. "
                    + "Please check for implementation mistakes and/or provide a corresponding hint.", cls.getName());
        }
        sig.overloads.addAll(all.values());
        if (sig.overloads.isEmpty()) {
            throw ValidationError.of("Function class '%s' does not implement a method named '%s'.", cls.getName(),
                    PtfExtractor.EVAL);
        }
    }

    private Set<FunctionTemplate> templates(List<FunctionHint> hints) {
        Set<FunctionTemplate> out = new LinkedHashSet<>();
        for (FunctionHint h : hints) {
            out.add(FunctionTemplate.of(h, cls.getClassLoader()));
        }
        return out;
    }

    /**
     * One eval's overloads by Flink's mapping rules (BaseMappingExtractor.collectMethodMappings):
     * hints with input and output map that signature (and every input-only one) to their output; a
     * unique output-only hint maps the input-only signatures, else the eval's own; without either
     * the result is extracted. Class-level hints apply to every eval, so each eval must be callable
     * with every signature they declare.
     */
    private List<ScalarSignature.Overload> overloads(Method m, Set<FunctionTemplate> global) {
        Set<FunctionTemplate> hints = new LinkedHashSet<>(global);
        hints.addAll(templates(Hints.byType(m, FunctionHint.class)));
        List<FunctionTemplate> explicit = new ArrayList<>();
        List<FunctionTemplate> inputOnly = new ArrayList<>();
        Set<SqlType> resultOnly = new LinkedHashSet<>();
        for (FunctionTemplate t : hints) {
            if (t.input != null) {
                (t.output != null ? explicit : inputOnly).add(t);
            } else if (t.output != null) {
                resultOnly.add(t.output);
            }
        }
        if (resultOnly.size() > 1 || (!resultOnly.isEmpty() && !explicit.isEmpty())) {
            throw ValidationError.of("Function hints that lead to ambiguous results are not allowed.");
        }
        Map<List<Object>, ScalarSignature.Overload> out = new LinkedHashMap<>();
        for (FunctionTemplate t : explicit) {
            for (FunctionTemplate s : inputOnly) {
                put(out, hinted(m, s, t.output, t.outputClass));
            }
            put(out, hinted(m, t, t.output, t.outputClass));
        }
        if (out.isEmpty()) {
            FunctionTemplate only = resultOnly.isEmpty() ? null : firstOutput(hints);
            SqlType result = only != null ? only.output : resultType(m);
            for (FunctionTemplate s : inputOnly) {
                put(out, hinted(m, s, result, only != null ? only.outputClass : null));
            }
            if (inputOnly.isEmpty()) {
                FunctionTemplate.verify(m, m.getParameterTypes(), only != null ? only.outputClass : null);
                put(out, extracted(m, result));
            }
        }
        return new ArrayList<>(out.values());
    }

    private static FunctionTemplate firstOutput(Set<FunctionTemplate> hints) {
        for (FunctionTemplate t : hints) {
            if (t.input == null && t.output != null) {
                return t;
            }
        }
        return null;
    }

    /** Adds o unless its signature is there; the same signature with another result is an error. */
    private static void put(Map<List<Object>, ScalarSignature.Overload> out, ScalarSignature.Overload o) {
        List<Object> key = Arrays.asList(o.types, o.varArgs);
        ScalarSignature.Overload had = out.putIfAbsent(key, o);
        if (had != null && !had.result.equals(o.result)) {
            throw ValidationError.of(
                    "Function hints with same input definition but different result types are not allowed.");
        }
    }

    /** A hint's signature, verified against the eval that runs it. */
    private ScalarSignature.Overload hinted(Method m, FunctionTemplate s, SqlType result, Class<?> resultClass) {
        FunctionTemplate.verify(m, s.parameterClasses(), resultClass);
        if (s.varArgs && !m.isVarArgs()) {
            throw ValidationError.of("A varargs function hint on an eval without varargs is not supported by "
                    + "ptfhost yet: declare the eval's last parameter with '...'.");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < s.input.size(); i++) {
            names.add(s.names != null ? s.names.get(i) : "arg" + i);
        }
        return new ScalarSignature.Overload(m, names, s.input, s.varArgs, result);
    }

    /** The eval's own signature: parameter types and names. */
    private ScalarSignature.Overload extracted(Method m, SqlType result) {
        int n = m.getParameterCount();
        List<String> bytecodeNames = ParameterNames.of(m);
        List<String> names = new ArrayList<>();
        List<SqlType> types = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            DataTypeHint th = Hints.parameter(m, i, DataTypeHint.class);
            types.add(parameterType(m, i, th, m.isVarArgs() && i == n - 1));
            names.add(bytecodeNames != null ? bytecodeNames.get(i) : "arg" + i);
        }
        return new ScalarSignature.Overload(m, names, types, m.isVarArgs(), result);
    }

    private SqlType parameterType(Method m, int pos, DataTypeHint hint, boolean varArgs) {
        TypeExtractor extractor = TypeExtractor.forParameter(cls, m, pos);
        TypeTemplate template = hint == null || TypeTemplate.isEmpty(hint) ? TypeTemplate.DEFAULTS
                : TypeTemplate.fromHint(hint, extractor);
        Type type = m.getGenericParameterTypes()[pos];
        Class<?> raw = m.getParameterTypes()[pos];
        if (varArgs) {
            type = type instanceof GenericArrayType ? ((GenericArrayType) type).getGenericComponentType()
                    : raw.getComponentType();
            raw = raw.getComponentType();
        }
        SqlType t = extractor.extract(template, cls, type);
        // a primitive parameter cannot take NULL whatever the hint says
        return raw.isPrimitive() ? t.copy(false) : t;
    }

    private SqlType resultType(Method m) {
        DataTypeHint th = Hints.declared(m, DataTypeHint.class);
        if (th == null) {
            List<DataTypeHint> onClass = PtfExtractor.classAnnotations(cls, ScalarFunction.class, DataTypeHint.class);
            th = onClass.size() == 1 ? onClass.get(0) : null;
        }
        TypeExtractor extractor = TypeExtractor.plain();
        TypeTemplate template = th == null || TypeTemplate.isEmpty(th) ? TypeTemplate.DEFAULTS
                : TypeTemplate.fromHint(th, extractor);
        if (template.dataType != null) {
            return template.dataType;
        }
        SqlType t = extractor.extract(template, cls, m.getGenericReturnType());
        return m.getReturnType().isPrimitive() ? t.copy(false) : t;
    }
}
