package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.extract.PtfSignature.Argument;
import io.ptfhost.bridge.extract.PtfSignature.StateEntry;
import io.ptfhost.bridge.extract.PtfSignature.StateKind;
import io.ptfhost.bridge.types.SqlType;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.api.dataview.ListView;
import org.apache.flink.table.api.dataview.MapView;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.table.types.inference.StaticArgumentTrait;
import org.apache.flink.types.Row;

import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Infers a PTF's signature the way Flink does (TypeInferenceExtractor.forProcessTableFunction plus
 * the checks of UserDefinedFunctionHelper, SystemTypeInference and the runtime code generator),
 * or produces the error Flink would raise, with the same message chain.
 *
 * <p>Order matters because only the first error is reported, so the steps run in Flink's order:
 * class checks; output mapping (per eval: output type, then arguments); state mapping (per eval:
 * state entries, then arguments, then the parameter layout); static signature; system-argument
 * rules; onTimer.
 */
public final class PtfExtractor {

    static final String EVAL = "eval";
    static final String ON_TIMER = "onTimer";
    static final String CHANGELOG_FUNCTION = "org.apache.flink.table.functions.ChangelogFunction";
    private static final String LAYOUT_PATTERN = "(<context>? [, <state>]* [, <argument>]*)";
    private static final List<String> RESERVED = Arrays.asList("on_time", "uid");

    private final Class<?> cls;
    private final PtfSignature sig;

    private PtfExtractor(Class<?> cls) {
        this.cls = cls;
        this.sig = new PtfSignature(cls.getName());
    }

    /** Never throws for a bad user class: the error is recorded in the result. */
    public static PtfSignature extract(Class<?> cls) {
        PtfExtractor e = new PtfExtractor(cls);
        try {
            e.run();
        } catch (RuntimeException | LinkageError ex) {
            e.sig.error = ValidationError.chain(ex);
            e.sig.fix = Fixes.forError(ex);
        }
        return e.sig;
    }

    private void run() {
        if (!ProcessTableFunction.class.isAssignableFrom(cls)) {
            throw ValidationError.of("Class '%s' is not a process table function: it does not extend '%s'.",
                    cls.getName(), ProcessTableFunction.class.getName());
        }
        validateClass(cls);
        Method eval;
        try {
            eval = extractTypeInference();
        } catch (RuntimeException | LinkageError t) {
            throw ValidationError.wrap(t, "Could not extract a valid type inference for function class '%s'. "
                    + "Please check for implementation mistakes and/or provide a corresponding hint.", cls.getName());
        }
        checkSystemArguments();
        sig.evalMethod = methodString(eval);
        sig.evalHasContext = isInvokable(eval, withFirst(ProcessTableFunction.Context.class, stateAndArgClasses(eval)));
        verifyOnTimer(eval);
        sig.changelogFunction = implementsByName(cls, CHANGELOG_FUNCTION);
    }

    // ---------------------------------------------------------------------------------------
    // UserDefinedFunctionHelper.validateClass: instantiation and implementation method
    // ---------------------------------------------------------------------------------------

    static void validateClass(Class<?> cls) {
        int m = cls.getModifiers();
        if (!Modifier.isPublic(m)) {
            throw ValidationError.of("Function class '%s' is not public.", cls.getName());
        }
        if (Modifier.isAbstract(m) || cls.isInterface() || cls.isPrimitive()) {
            throw ValidationError.of("Function class '%s' is not a proper class. It is either abstract, an "
                    + "interface, or a primitive type.", cls.getName());
        }
        if (!TypeExtractor.hasPublicDefaultConstructor(cls)) {
            throw ValidationError.of("Function class '%s' must have a public default constructor.", cls.getName());
        }
        boolean found = false;
        for (Class<?> c = cls; c != null; c = c.getSuperclass()) {
            for (Method method : c.getDeclaredMethods()) {
                if (!method.getName().equals(EVAL)) {
                    continue;
                }
                found = true;
                int mm = method.getModifiers();
                if (!Modifier.isPublic(mm)) {
                    throw ValidationError.of("Method '%s' of function class '%s' is not public.", EVAL, cls.getName());
                }
                if (Modifier.isAbstract(mm)) {
                    throw ValidationError.of("Method '%s' of function class '%s' must not be abstract.", EVAL,
                            cls.getName());
                }
                if (Modifier.isStatic(mm)) {
                    throw ValidationError.of("Method '%s' of function class '%s' must not be static.", EVAL,
                            cls.getName());
                }
            }
        }
        if (!found) {
            throw ValidationError.of("Function class '%s' does not implement a method named '%s'.", cls.getName(),
                    EVAL);
        }
    }

    // ---------------------------------------------------------------------------------------
    // TypeInferenceExtractor
    // ---------------------------------------------------------------------------------------

    /** One eval's extracted call arguments (Flink's FunctionSignatureTemplate). */
    private static final class Signature {
        final List<Argument> arguments = new ArrayList<>();
        final List<Class<?>> classes = new ArrayList<>();
        boolean varArgs;
        boolean inputGroup;
        boolean syntheticNames;

        /** Flink compares signatures by argument types only, not names. */
        String key() {
            StringBuilder sb = new StringBuilder(varArgs ? "varargs:" : "");
            for (int i = 0; i < arguments.size(); i++) {
                Argument a = arguments.get(i);
                sb.append(a.type).append('/').append(classes.get(i).getName()).append(';');
            }
            return sb.toString();
        }
    }

    private Method extractTypeInference() {
        List<Method> methods = collectMethods(cls, EVAL);
        // output mapping
        Map<String, Signature> signatures = new LinkedHashMap<>();
        Map<String, SqlType> outputs = new LinkedHashMap<>();
        List<Signature> perMethod = new ArrayList<>(); // extracted once: the state mapping reuses them
        try {
            if (methods.isEmpty()) {
                throw ValidationError.of("Could not find a publicly accessible method named '%s'.", EVAL);
            }
            for (Method method : methods) {
                try {
                    SqlType out = extractOutput(method);
                    Signature s = extractSignature(method);
                    perMethod.add(s);
                    SqlType existing = outputs.get(s.key());
                    if (existing != null && !existing.equals(out)) {
                        throw ValidationError.of(
                                "Function hints with same input definition but different result types are not allowed.");
                    }
                    signatures.put(s.key(), s);
                    outputs.put(s.key(), out);
                } catch (RuntimeException | LinkageError t) {
                    throw ValidationError.wrap(t, "Unable to extract a type inference from method:\n%s", method);
                }
            }
        } catch (RuntimeException | LinkageError t) {
            throw ValidationError.wrap(t, "Error in extracting a signature to output mapping.");
        }

        // state mapping (includes the verification of the parameter layout)
        List<StateEntry> state = null;
        try {
            for (int i = 0; i < methods.size(); i++) {
                Method method = methods.get(i);
                try {
                    state = extractState(method);
                    verifyLayout(method, state, perMethod.get(i));
                } catch (RuntimeException | LinkageError t) {
                    throw ValidationError.wrap(t, "Unable to extract a type inference from method:\n%s", method);
                }
            }
        } catch (RuntimeException | LinkageError t) {
            throw ValidationError.wrap(t, "Error in extracting a signature to state mapping.");
        }

        // static signature
        Signature only = signatures.values().iterator().next();
        if (signatures.size() != 1 || only.varArgs || only.inputGroup) {
            throw ValidationError.of("Process table functions require a non-overloaded, non-vararg, and static "
                    + "signature.").withFix(Fixes.OVERLOADED);
        }
        for (Argument a : only.arguments) {
            checkStaticArgument(a);
        }
        if (only.syntheticNames) {
            sig.warnings.add("argument names are not in the class file (compiled without -parameters and without "
                    + "-g); Flink names them " + names(only.arguments) + ", so calls with named arguments fail: "
                    + Fixes.NAMES_ARGUMENTS);
        }
        sig.arguments.addAll(only.arguments);
        sig.state.addAll(state);
        sig.outputType = outputs.values().iterator().next();
        return methods.get(0);
    }

    private static final java.util.Comparator<Method> BY_STRING = new java.util.Comparator<Method>() {
        @Override
        public int compare(Method a, Method b) {
            return methodString(a).compareTo(methodString(b));
        }
    };

    /**
     * What Method.toString returns, built without the streams it uses: their first use costs a
     * describe milliseconds of start-up.
     */
    static String methodString(Method m) {
        StringBuilder sb = new StringBuilder();
        int mod = m.getModifiers() & Modifier.methodModifiers();
        if (mod != 0 && !m.isDefault()) {
            sb.append(Modifier.toString(mod)).append(' ');
        } else {
            int access = mod & (Modifier.PUBLIC | Modifier.PROTECTED | Modifier.PRIVATE);
            if (access != 0) {
                sb.append(Modifier.toString(access)).append(' ');
            }
            if (m.isDefault()) {
                sb.append("default ");
            }
            int other = mod & ~(Modifier.PUBLIC | Modifier.PROTECTED | Modifier.PRIVATE);
            if (other != 0) {
                sb.append(Modifier.toString(other)).append(' ');
            }
        }
        sb.append(m.getReturnType().getTypeName()).append(' ').append(m.getDeclaringClass().getTypeName())
                .append('.').append(m.getName());
        appendTypeNames(sb, m.getParameterTypes(), "(", ")");
        if (m.getExceptionTypes().length > 0) {
            appendTypeNames(sb, m.getExceptionTypes(), " throws ", "");
        }
        return sb.toString();
    }

    private static void appendTypeNames(StringBuilder sb, Class<?>[] types, String prefix, String suffix) {
        sb.append(prefix);
        for (int i = 0; i < types.length; i++) {
            sb.append(i > 0 ? "," : "").append(types[i].getTypeName());
        }
        sb.append(suffix);
    }

    static List<Method> collectMethods(Class<?> c, String name) {
        List<Method> out = new ArrayList<>();
        for (Method m : c.getMethods()) {
            if (m.getName().equals(name)) {
                out.add(m);
            }
        }
        out.sort(BY_STRING);
        return out;
    }

    // ---- output ---------------------------------------------------------------------------

    private SqlType extractOutput(Method method) {
        // a @FunctionHint(output = ...) is a result-only template and wins over extraction
        for (FunctionHint fh : functionHints(method)) {
            if (!TypeTemplate.isEmpty(fh.output())) {
                return outputFromHint(fh.output());
            }
        }
        Set<DataTypeHint> hints = new LinkedHashSet<>();
        hints.addAll(Hints.byType(method, DataTypeHint.class));
        hints.addAll(classAnnotations(cls, ProcessTableFunction.class, DataTypeHint.class));
        if (hints.size() > 1) {
            throw ValidationError.of("More than one data type hint found for output of function. "
                    + "Please use a function hint instead.");
        }
        if (hints.size() == 1) {
            return outputFromHint(hints.iterator().next());
        }
        try {
            return TypeExtractor.forGeneric(ProcessTableFunction.class, cls).extract(TypeTemplate.DEFAULTS, cls,
                    ProcessTableFunction.class.getTypeParameters()[0]);
        } catch (ValidationError e) {
            throw e.withFix(Fixes.OUTPUT_TYPE);
        }
    }

    private SqlType outputFromHint(DataTypeHint hint) {
        return FunctionTemplate.resultTemplate(hint).dataType;
    }

    private List<FunctionHint> functionHints(Method method) {
        List<FunctionHint> out = new ArrayList<>(Hints.byType(method, FunctionHint.class));
        out.addAll(classAnnotations(cls, ProcessTableFunction.class, FunctionHint.class));
        return out;
    }

    /** The annotations of a type on c and its superclasses below base (the function's global hints). */
    static <A extends java.lang.annotation.Annotation> List<A> classAnnotations(Class<?> c, Class<?> base,
            Class<A> type) {
        List<A> out = new ArrayList<>();
        for (; c != null && c != base; c = c.getSuperclass()) {
            out.addAll(Hints.byType(c, type));
        }
        return out;
    }

    // ---- arguments ------------------------------------------------------------------------

    private Signature extractSignature(Method method) {
        Parameter[] params = method.getParameters();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < params.length; i++) {
            if (params[i].getType() != ProcessTableFunction.Context.class
                    && Hints.parameter(method, i, StateHint.class) == null) {
                positions.add(i);
            }
        }
        Signature s = new Signature();
        s.varArgs = method.isVarArgs();

        // traits first (an empty trait list fails here, like EnumSet.copyOf in Flink)
        List<List<String>> declaredTraits = new ArrayList<>();
        for (int pos : positions) {
            ArgumentHint hint = Hints.parameter(method, pos, ArgumentHint.class);
            List<String> names = new ArrayList<>();
            if (hint == null) {
                names.add(ArgumentTrait.SCALAR.name());
            } else {
                if (hint.value().length == 0) {
                    throw new IllegalArgumentException("Collection is empty");
                }
                for (ArgumentTrait t : hint.value()) {
                    names.add(t.name());
                }
            }
            declaredTraits.add(names);
        }

        // types
        List<SqlType> types = new ArrayList<>();
        List<Boolean> isTable = new ArrayList<>();
        for (int pos : positions) {
            Parameter p = params[pos];
            DataTypeHint typeHint = Hints.parameter(method, pos, DataTypeHint.class);
            ArgumentHint argHint = Hints.parameter(method, pos, ArgumentHint.class);
            if (typeHint != null && argHint != null) {
                throw ValidationError.of(
                        "Argument and data type hints cannot be declared at the same time at position %d.", pos);
            }
            DataTypeHint effective = typeHint != null ? typeHint : argHint != null ? argHint.type() : null;
            if (effective != null && effective.inputGroup() == org.apache.flink.table.annotation.InputGroup.ANY) {
                s.inputGroup = true;
                types.add(null);
                isTable.add(false);
                continue;
            }
            Set<ArgumentTrait> roots = EnumSet.noneOf(ArgumentTrait.class);
            if (argHint == null) {
                roots.add(ArgumentTrait.SCALAR);
            } else {
                for (ArgumentTrait t : argHint.value()) {
                    if (t.isRoot()) {
                        roots.add(t);
                    }
                }
            }
            if (roots.size() != 1) {
                List<ArgumentTrait> allRoots = new ArrayList<>();
                for (ArgumentTrait t : ArgumentTrait.values()) {
                    if (t.isRoot()) {
                        allRoots.add(t);
                    }
                }
                throw ValidationError.of("Incorrect argument kind at position %d. Argument kind must be one of: %s",
                        pos, allRoots).withFix(Fixes.ARGUMENT_KIND);
            }
            if (roots.contains(ArgumentTrait.SCALAR)) {
                types.add(parameterType(method, pos, effective));
                isTable.add(false);
            } else {
                isTable.add(true);
                try {
                    types.add(parameterType(method, pos, effective));
                } catch (RuntimeException e) {
                    Class<?> bridged = argHint.type().bridgedTo();
                    if (isRowClass(bridged) || isRowClass(p.getType())) {
                        types.add(null); // polymorphic, untyped table argument
                    } else {
                        throw e;
                    }
                }
            }
        }

        // names: hint name, else the bytecode name, else Flink's arg<i>
        List<String> bytecodeNames = ParameterNames.of(method);
        List<String> names = new ArrayList<>();
        for (int i = 0; i < positions.size(); i++) {
            int pos = positions.get(i);
            ArgumentHint hint = Hints.parameter(method, pos, ArgumentHint.class);
            if (hint != null && !hint.name().isEmpty()) {
                names.add(hint.name());
            } else if (bytecodeNames != null) {
                names.add(bytecodeNames.get(pos));
            } else {
                names.add("arg" + i);
                s.syntheticNames = true;
            }
        }
        if (new LinkedHashSet<>(names).size() != names.size()) {
            throw ValidationError.of(
                    "Argument name conflict, there are at least two argument names that are the same.");
        }

        for (int i = 0; i < positions.size(); i++) {
            int pos = positions.get(i);
            ArgumentHint hint = Hints.parameter(method, pos, ArgumentHint.class);
            boolean optional = hint != null && hint.isOptional();
            SqlType type = types.get(i);
            if (optional && type != null && !type.isNullable()) {
                throw ValidationError.of("Argument at position %s is optional but its type doesn't accept null value.",
                        i).withFix(Fixes.OPTIONAL_PRIMITIVE);
            }
            s.arguments.add(new Argument(names.get(i), isTable.get(i), declaredTraits.get(i), type, optional,
                    params[pos].getType().getName()));
            s.classes.add(params[pos].getType());
        }
        return s;
    }

    private static boolean isRowClass(Class<?> c) {
        return c == Row.class || "org.apache.flink.table.data.RowData".equals(c.getName());
    }

    /** DataTypeExtractor.extractFromMethodParameter, honouring the hint of @ArgumentHint/@StateHint. */
    private SqlType parameterType(Method method, int pos, DataTypeHint hint) {
        TypeExtractor extractor = TypeExtractor.forParameter(cls, method, pos);
        TypeTemplate template = hint == null || TypeTemplate.isEmpty(hint) ? TypeTemplate.DEFAULTS
                : TypeTemplate.fromHint(hint, extractor);
        SqlType t = extractor.extract(template, cls, method.getGenericParameterTypes()[pos]);
        // a primitive parameter cannot take NULL whatever the hint says
        return method.getParameterTypes()[pos].isPrimitive() ? t.copy(false) : t;
    }

    // ---- state ----------------------------------------------------------------------------

    private List<StateEntry> extractState(Method method) {
        Parameter[] params = method.getParameters();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < params.length; i++) {
            if (Hints.parameter(method, i, StateHint.class) != null) {
                positions.add(i);
            }
        }
        if (positions.isEmpty()) {
            return Collections.emptyList();
        }
        List<String> bytecodeNames = ParameterNames.of(method);
        List<String> names = new ArrayList<>();
        for (int pos : positions) {
            StateHint hint = Hints.parameter(method, pos, StateHint.class);
            if (!hint.name().isEmpty()) {
                names.add(hint.name());
            } else if (bytecodeNames != null) {
                names.add(bytecodeNames.get(pos));
            } else {
                throw ValidationError.of("Unable to extract names for all state entries.").withFix(Fixes.NAMES_STATE);
            }
        }
        Map<String, StateEntry> entries = new LinkedHashMap<>();
        List<StateEntry> typed = new ArrayList<>();
        for (int i = 0; i < positions.size(); i++) {
            int pos = positions.get(i);
            StateHint hint = Hints.parameter(method, pos, StateHint.class);
            typed.add(stateEntry(method, pos, names.get(i), hint));
        }
        for (StateEntry e : typed) {
            entries.putIfAbsent(e.name, e); // Flink keeps the first of duplicate names
        }
        return new ArrayList<>(entries.values());
    }

    private StateEntry stateEntry(Method method, int pos, String name, StateHint hint) {
        Class<?> paramClass = method.getParameterTypes()[pos];
        Type generic = method.getGenericParameterTypes()[pos];
        DataTypeHint typeHint = Hints.parameter(method, pos, DataTypeHint.class);
        if (typeHint == null && !TypeTemplate.isEmpty(hint.type())) {
            typeHint = hint.type();
        }
        StateKind kind = StateKind.VALUE;
        SqlType type;
        if (paramClass == ListView.class || paramClass == MapView.class) {
            kind = paramClass == ListView.class ? StateKind.LIST : StateKind.MAP;
            type = dataViewType(method, pos, paramClass, generic, typeHint);
        } else {
            type = parameterType(method, pos, typeHint);
            checkStateDataType(type, paramClass);
        }
        Long ttl = null;
        if (!hint.ttl().isEmpty()) {
            try {
                ttl = Durations.parse(hint.ttl()).toMillis();
            } catch (RuntimeException e) {
                throw ValidationError.wrap(e, "Invalid TTL duration: %s", hint.ttl()).withFix(Fixes.TTL);
            }
        }
        return new StateEntry(name, kind, paramClass.getName(), type, ttl);
    }

    /** ListView<E> as ARRAY<E>, MapView<K, V> as MAP<K, V>; element types from generics or the hint. */
    private SqlType dataViewType(Method method, int pos, Class<?> view, Type generic, DataTypeHint hint) {
        TypeExtractor extractor = TypeExtractor.forParameter(cls, method, pos);
        if (hint != null && !TypeTemplate.isEmpty(hint) && !hint.value().isEmpty()) {
            SqlType t = TypeTemplate.fromHint(hint, extractor).dataType;
            SqlType.Kind expected = view == ListView.class ? SqlType.Kind.ARRAY : SqlType.Kind.MAP;
            if (t.kind() != expected) {
                throw ValidationError.of("Invalid data type '%s' for %s. Expected: %s.", t, view.getSimpleName(),
                        expected == SqlType.Kind.ARRAY ? "ARRAY<...>" : "MAP<..., ...>");
            }
            return t;
        }
        if (!(generic instanceof ParameterizedType)) {
            throw ValidationError.wrap(ValidationError.of("Unresolved type variable '%s'. A data type cannot be "
                    + "extracted from a type variable. The original content might have been erased due to Java "
                    + "type erasure.", view.getTypeParameters()[0]), "Could not extract a data type from '%s'%s. "
                    + "Please pass the required data type manually or allow RAW types.", generic,
                    TypeExtractor.parameterContext(pos, method, cls));
        }
        Type[] args = ((ParameterizedType) generic).getActualTypeArguments();
        TypeTemplate template = TypeTemplate.DEFAULTS;
        if (view == ListView.class) {
            return SqlType.array(extractor.extract(template, cls, args[0]));
        }
        return SqlType.map(extractor.extract(template, cls, args[0]), extractor.extract(template, cls, args[1]));
    }

    /** ExtractionUtils.checkStateDataType. */
    private static void checkStateDataType(SqlType type, Class<?> paramClass) {
        if (!type.isComposite()) {
            throw ValidationError.of("State entries must use a mutable, composite data type. But was: %s", type)
                    .withFix(Fixes.STATE_TYPE);
        }
        if (type.kind() == SqlType.Kind.STRUCTURED && paramClass.getName().equals(type.className())
                && !TypeExtractor.hasPublicDefaultConstructor(paramClass)) {
            throw ValidationError.of("State entries must provide an argument-less constructor so that all "
                    + "fields are mutable.").withFix(Fixes.STATE_CONSTRUCTOR);
        }
    }

    // ---- parameter layout -----------------------------------------------------------------

    private void verifyLayout(Method method, List<StateEntry> state, Signature s) {
        List<Class<?>> classes = new ArrayList<>();
        Class<?>[] params = method.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (Hints.parameter(method, i, StateHint.class) != null) {
                classes.add(params[i]);
            }
        }
        // duplicate state names were dropped, like Flink's map of state entries
        classes = classes.subList(0, Math.min(classes.size(), state.size()));
        List<Class<?>> all = new ArrayList<>(classes);
        all.addAll(s.classes);
        if (!isInvokable(method, all) && !isInvokable(method, withFirst(ProcessTableFunction.Context.class, all))) {
            throw ValidationError.of("Considering all hints, the method should comply with the signature:\n%s%s",
                    signatureString(method.getName(), all, null), "\nPattern: " + LAYOUT_PATTERN)
                    .withFix(Fixes.LAYOUT);
        }
    }

    private List<Class<?>> stateAndArgClasses(Method eval) {
        List<Class<?>> out = new ArrayList<>();
        Class<?>[] params = eval.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (Hints.parameter(eval, i, StateHint.class) != null) {
                out.add(params[i]);
            }
        }
        for (int i = 0; i < params.length; i++) {
            if (Hints.parameter(eval, i, StateHint.class) == null
                    && params[i] != ProcessTableFunction.Context.class) {
                out.add(params[i]);
            }
        }
        return out;
    }

    private static List<Class<?>> withFirst(Class<?> first, List<Class<?>> rest) {
        List<Class<?>> out = new ArrayList<>();
        out.add(first);
        out.addAll(rest);
        return out;
    }

    /** ExtractionUtils.isInvokable with strict autoboxing, for non-varargs methods. */
    static boolean isInvokable(Method m, List<Class<?>> classes) {
        if (!Modifier.isPublic(m.getModifiers())) {
            return false;
        }
        Class<?>[] params = m.getParameterTypes();
        if (params.length != classes.size()) {
            return false;
        }
        for (int i = 0; i < params.length; i++) {
            Class<?> c = classes.get(i);
            if (c != null && !params[i].isAssignableFrom(c)) {
                return false;
            }
        }
        return true;
    }

    /** ExtractionUtils.createMethodSignatureString: {@code void onTimer(com.x.A.State)}. */
    static String signatureString(String name, List<Class<?>> params, Class<?> returnType) {
        StringBuilder sb = new StringBuilder();
        if (returnType != null) {
            sb.append(returnType.getCanonicalName()).append(' ');
        }
        sb.append(name).append('(');
        for (int i = 0; i < params.size(); i++) {
            sb.append(i > 0 ? ", " : "").append(params.get(i) == null ? "_" : params.get(i).getCanonicalName());
        }
        return sb.append(')').toString();
    }

    // ---- StaticArgument -------------------------------------------------------------------

    private static void checkStaticArgument(Argument a) {
        if (!isValidArgumentName(a.name)) {
            throw ValidationError.of("Invalid argument name '%s'. An argument must follow the pattern "
                    + "[a-zA-Z_$][a-zA-Z_$0-9]*.", a.name).withFix(Fixes.ARGUMENT_NAME);
        }
        if (!a.table) {
            return; // StaticArgument.scalar keeps only the SCALAR trait
        }
        EnumSet<StaticArgumentTrait> traits = staticTraits(a);
        for (StaticArgumentTrait t : traits) {
            for (StaticArgumentTrait required : t.getRequirements()) {
                if (!traits.contains(required)) {
                    throw ValidationError.of("Invalid argument traits for argument '%s'. Trait %s requires %s.", a.name,
                            t, required).withFix(Fixes.TRAITS);
                }
            }
        }
        if (a.type == null) {
            if (a.optional) {
                throw ValidationError.of("Untyped table arguments must not be optional.").withFix(Fixes.OPTIONAL_TABLE);
            }
            return;
        }
        if (!a.type.isComposite()) {
            throw ValidationError.of("Invalid data type '%s' for table argument '%s'. Typed table arguments must use "
                    + "a composite type (i.e. row or structured type).", a.type, a.name).withFix(Fixes.TABLE_TYPE);
        }
        if (traits.contains(StaticArgumentTrait.SUPPORT_UPDATES) && a.type.kind() != SqlType.Kind.ROW) {
            throw ValidationError.of("Invalid data type '%s' for table argument '%s'. Table arguments that support "
                    + "updates must use a row type.", a.type, a.name).withFix(Fixes.TABLE_TYPE);
        }
    }

    /** StaticArgument's name pattern [a-zA-Z_$][a-zA-Z_$0-9]* (checked without regex: start-up time). */
    static boolean isValidArgumentName(String name) {
        if (name.isEmpty()) {
            return false;
        }
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            boolean letter = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
            if (!letter && !(i > 0 && c >= '0' && c <= '9')) {
                return false;
            }
        }
        return true;
    }

    /** The argument's traits as StaticArgument.table(...) builds them (TABLE added). */
    private static EnumSet<StaticArgumentTrait> staticTraits(Argument a) {
        EnumSet<StaticArgumentTrait> out = EnumSet.of(StaticArgumentTrait.TABLE);
        for (String t : a.traits) {
            out.add(ArgumentTrait.valueOf(t).toStaticTrait());
        }
        if (!out.contains(StaticArgumentTrait.SET_SEMANTIC_TABLE)) {
            out.add(StaticArgumentTrait.ROW_SEMANTIC_TABLE);
        }
        return out;
    }

    // ---------------------------------------------------------------------------------------
    // SystemTypeInference (applied by the planner to every PTF call)
    // ---------------------------------------------------------------------------------------

    private void checkSystemArguments() {
        for (Argument a : sig.arguments) {
            if (RESERVED.contains(a.name)) {
                throw ValidationError.of("Function signature must not declare system arguments. Reserved argument "
                        + "names are: %s", RESERVED).withFix(Fixes.RESERVED);
            }
        }
        int tables = 0;
        boolean allSet = true;
        boolean passThrough = false;
        boolean updates = false;
        for (Argument a : sig.arguments) {
            if (a.table) {
                tables++;
                allSet &= a.hasTrait(ArgumentTrait.SET_SEMANTIC_TABLE.name());
                passThrough |= a.hasTrait(ArgumentTrait.PASS_COLUMNS_THROUGH.name());
                updates |= a.hasTrait(ArgumentTrait.SUPPORT_UPDATES.name());
            }
        }
        if (tables > 1 && !allSet) {
            throw ValidationError.of("All table arguments must use set semantics if multiple table arguments are "
                    + "declared.").withFix(Fixes.MULTI_TABLE);
        }
        if (passThrough && updates) {
            throw ValidationError.of("Signatures with updating inputs must not pass columns through.")
                    .withFix(Fixes.PASS_THROUGH);
        }
        if (passThrough && tables > 1) {
            throw ValidationError.of("Pass-through columns are not supported if multiple table arguments are "
                    + "declared.").withFix(Fixes.PASS_THROUGH);
        }
    }

    // ---------------------------------------------------------------------------------------
    // onTimer (ProcessTableRunnerGenerator.verifyMethodImplementation)
    // ---------------------------------------------------------------------------------------

    private void verifyOnTimer(Method eval) {
        List<Method> timers = collectMethods(cls, ON_TIMER);
        if (timers.isEmpty()) {
            return;
        }
        List<Class<?>> stateClasses = new ArrayList<>();
        Class<?>[] params = eval.getParameterTypes();
        for (int i = 0; i < params.length; i++) {
            if (Hints.parameter(eval, i, StateHint.class) != null) {
                stateClasses.add(params[i]);
            }
        }
        stateClasses = stateClasses.subList(0, sig.state.size());
        List<Class<?>> withContext = withFirst(ProcessTableFunction.OnTimerContext.class, stateClasses);
        for (Method m : timers) {
            if (m.getReturnType() == void.class && isInvokable(m, withContext)) {
                sig.hasOnTimer = true;
                sig.onTimerHasContext = true;
                return;
            }
        }
        for (Method m : timers) {
            if (m.getReturnType() == void.class && isInvokable(m, stateClasses)) {
                sig.hasOnTimer = true;
                return;
            }
        }
        throw ValidationError.of("Could not find an implementation method '%s' in class '%s' for function '%s' "
                + "that matches the following signature:\n%s", ON_TIMER, cls.getName(), cls.getSimpleName(),
                signatureString(ON_TIMER, stateClasses, void.class)).withFix(Fixes.ON_TIMER);
    }

    // ---------------------------------------------------------------------------------------

    /** True if the class or a supertype implements the named interface (compared by name, so a
     *  ChangelogFunction bundled in the user JAR counts too). */
    static boolean implementsByName(Class<?> c, String interfaceName) {
        for (Class<?> k = c; k != null; k = k.getSuperclass()) {
            for (Class<?> i : k.getInterfaces()) {
                if (i.getName().equals(interfaceName) || implementsByName(i, interfaceName)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String names(List<Argument> args) {
        List<String> out = new ArrayList<>();
        for (Argument a : args) {
            out.add(a.name);
        }
        return String.join(", ", out);
    }

}
