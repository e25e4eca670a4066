package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.codec.Codecs;
import io.ptfhost.bridge.types.SqlType;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;

import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * One {@code @FunctionHint} as Flink reads it (FunctionTemplate.fromAnnotation): an input signature
 * (null when the hint declares neither {@code input} nor {@code arguments}) and an output (null
 * when it declares none). Two templates are equal when their argument types, varargs flag and
 * output are; names are not part of the signature, as in Flink. Immutable.
 */
final class FunctionTemplate {
    final List<SqlType> input; // null: no signature
    final List<Class<?>> classes; // the conversion class of each input type
    final List<String> names; // null: not declared
    final boolean varArgs;
    final SqlType output; // null: no output
    final Class<?> outputClass;

    private FunctionTemplate(List<SqlType> input, List<Class<?>> classes, List<String> names, boolean varArgs,
            SqlType output, Class<?> outputClass) {
        this.input = input;
        this.classes = classes;
        this.names = names;
        this.varArgs = varArgs;
        this.output = output;
        this.outputClass = outputClass;
    }

    /** Throws a ValidationError with Flink's message for a hint Flink rejects. */
    static FunctionTemplate of(FunctionHint hint, ClassLoader loader) {
        try {
            List<DataTypeHint> types = new ArrayList<>();
            List<String> names = signature(hint, types);
            List<SqlType> input = declaresInput(hint) ? new ArrayList<>() : null;
            List<Class<?>> classes = new ArrayList<>();
            for (DataTypeHint t : types) {
                TypeTemplate tt = TypeTemplate.fromHint(t, TypeExtractor.plain());
                if (tt.dataType == null) {
                    throw ValidationError.of(tt.inputGroupAny
                            ? "Input group ANY in a function hint is not supported by ptfhost yet."
                            : "Data type hint does neither specify a data type nor input group for use as function "
                                    + "argument.");
                }
                input.add(tt.dataType);
                classes.add(conversion(tt, loader));
            }
            if (input != null && names != null && names.size() != input.size()) {
                throw ValidationError.of("Mismatch between number of argument names '%s' and argument types '%s'.",
                        names.size(), input.size());
            }
            SqlType output = null;
            Class<?> outputClass = null;
            if (!TypeTemplate.isEmpty(hint.output())) {
                TypeTemplate tt = resultTemplate(hint.output());
                output = tt.dataType;
                outputClass = conversion(tt, loader);
            }
            return new FunctionTemplate(input, classes, names, hint.isVarArgs(), output, outputClass);
        } catch (RuntimeException e) {
            throw ValidationError.wrap(e, "Error in function hint annotation.");
        }
    }

    @SuppressWarnings("deprecation") // argument() is deprecated in Flink but still honoured
    private static boolean declaresInput(FunctionHint hint) {
        return !isDefaultInput(hint.input()) || hint.arguments().length > 0 || hint.argument().length > 0;
    }

    private static boolean isDefaultInput(DataTypeHint[] input) {
        return input.length == 1 && TypeTemplate.isEmpty(input[0]);
    }

    /** Fills types from input or arguments; returns the declared names, or null. */
    @SuppressWarnings("deprecation") // argument() and argumentNames() are deprecated in Flink but honoured
    private static List<String> signature(FunctionHint hint, List<DataTypeHint> types) {
        if (hint.argument().length > 0 && hint.arguments().length > 0) {
            throw ValidationError.of("Argument hints should only be defined once in the same function hint.");
        }
        ArgumentHint[] args = hint.arguments().length > 0 ? hint.arguments() : hint.argument();
        if (args.length == 0) {
            if (!isDefaultInput(hint.input())) {
                types.addAll(Arrays.asList(hint.input()));
            }
            String[] names = hint.argumentNames();
            return names.length == 1 && names[0].isEmpty() ? null : Arrays.asList(names);
        }
        if (!isDefaultInput(hint.input())) {
            throw ValidationError.of("Argument and input hints cannot be declared in the same function hint.");
        }
        List<String> names = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            ArgumentHint a = args[i];
            if (a.value().length != 1 || a.value()[0] != ArgumentTrait.SCALAR) {
                throw ValidationError.of("Only scalar arguments are supported so far.");
            }
            if (TypeTemplate.isEmpty(a.type())) {
                throw ValidationError.of("The type of the argument at position %d is not set.", i);
            }
            if (a.isOptional()) {
                throw ValidationError.of("Optional arguments of scalar functions are not supported by ptfhost yet.");
            }
            if (!a.name().isEmpty()) {
                names.add(a.name());
            }
            types.add(a.type());
        }
        if (!names.isEmpty() && names.size() != args.length) {
            throw ValidationError.of("The argument name in function hint must be either fully set or not set at all.");
        }
        return names.isEmpty() ? null : names;
    }

    /** FunctionTemplate.createResultTemplate: a result hint must name a data type. */
    static TypeTemplate resultTemplate(DataTypeHint hint) {
        TypeTemplate t;
        try {
            t = TypeTemplate.fromHint(hint, TypeExtractor.plain());
        } catch (RuntimeException e) {
            throw ValidationError.wrap(e, "Error in data type hint annotation.");
        }
        if (t.dataType == null) {
            throw ValidationError.of("Data type hint does not specify a data type for use as function result.");
        }
        return t;
    }

    private static Class<?> conversion(TypeTemplate t, ClassLoader loader) {
        return t.bridgedTo != null ? t.bridgedTo : Codecs.defaultConversion(t.dataType, loader);
    }

    /** The input signature's classes as a method must take them (the last one an array when varargs). */
    Class<?>[] parameterClasses() {
        Class<?>[] out = classes.toArray(new Class<?>[0]);
        if (varArgs && out.length > 0) {
            out[out.length - 1] = Array.newInstance(out[out.length - 1], 0).getClass();
        }
        return out;
    }

    /**
     * Flink's parameter-and-return-type verification: m must be callable with the signature's
     * classes and its result must be assignable from outputClass (null: not checked).
     */
    static void verify(Method m, Class<?>[] params, Class<?> outputClass) {
        boolean ok = isInvokable(m, params) && (outputClass == null || assignable(outputClass, m.getReturnType()));
        if (!ok) {
            StringBuilder b = new StringBuilder();
            if (outputClass != null) {
                b.append(outputClass.getCanonicalName()).append(' ');
            }
            b.append(m.getName()).append('(');
            for (int i = 0; i < params.length; i++) {
                b.append(i > 0 ? ", " : "").append(params[i].getCanonicalName());
            }
            throw ValidationError.of("Considering all hints, the method should comply with the signature:\n%s",
                    b.append(')')).withFix(Fixes.HINT_SIGNATURE);
        }
    }

    /** ExtractionUtils.isInvokable: each class fits a parameter, varargs taking zero or more. */
    private static boolean isInvokable(Method m, Class<?>[] classes) {
        Class<?>[] params = m.getParameterTypes();
        int c = 0;
        for (int p = 0; p < params.length; p++) {
            if (m.isVarArgs() && p == params.length - 1) {
                Class<?> component = params[p].getComponentType();
                if (c < classes.length && c == classes.length - 1 && assignable(classes[c], params[p])) {
                    c++;
                }
                while (c < classes.length && assignable(classes[c], component)) {
                    c++;
                }
            } else if (c < classes.length && assignable(classes[c], params[p])) {
                c++;
            } else {
                return false;
            }
        }
        return c == classes.length;
    }

    /** Class assignability with autoboxing (no primitive widening). */
    private static boolean assignable(Class<?> from, Class<?> to) {
        return box(to).isAssignableFrom(box(from));
    }

    private static Class<?> box(Class<?> c) {
        return c.isPrimitive() ? MethodType.methodType(c).wrap().returnType() : c;
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof FunctionTemplate)) {
            return false;
        }
        FunctionTemplate t = (FunctionTemplate) o;
        return varArgs == t.varArgs && Objects.equals(input, t.input) && Objects.equals(output, t.output);
    }

    @Override
    public int hashCode() {
        return Objects.hash(input, varArgs, output);
    }
}
