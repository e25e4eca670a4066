package io.ptfhost.bridge.extract;

/**
 * The one-line fixes {@code ptfhost describe} prints under a Flink error. Errors raised by the
 * extractor carry their fix; {@link #forError} also recognises errors by message for the few that
 * come from elsewhere (type parser, class loading).
 */
public final class Fixes {
    private Fixes() {}

    public static final String NAMES_STATE = "compile with -parameters (maven-compiler-plugin "
            + "<compilerArgs><arg>-parameters</arg></compilerArgs>) or name every state entry with "
            + "@StateHint(name = \"...\")";
    public static final String NAMES_ARGUMENTS = "compile with -parameters (maven-compiler-plugin "
            + "<compilerArgs><arg>-parameters</arg></compilerArgs>) or name every argument with "
            + "@ArgumentHint(name = \"...\")";
    public static final String NOT_A_PTF = "extend org.apache.flink.table.functions.ProcessTableFunction, or pass "
            + "the PTF class with --class";
    public static final String NOT_PUBLIC = "declare the class public (and static if it is a nested class)";
    public static final String ABSTRACT = "describe a concrete (non-abstract) subclass, or remove 'abstract'";
    public static final String DEFAULT_CONSTRUCTOR = "add a public constructor without arguments";
    public static final String EVAL_MODIFIERS = "declare eval() as 'public void eval(...)': public, not static, "
            + "not abstract";
    public static final String NO_EVAL = "add a method 'public void eval(...)'";
    public static final String OVERLOADED = "keep exactly one public eval() method, without varargs; merge the "
            + "overloads into one signature (optional arguments: @ArgumentHint(isOptional = true))";
    public static final String HINT_SIGNATURE = "a class-level @FunctionHint applies to every eval: make each eval "
            + "accept the hint's signature (e.g. one eval(Object...)), or move the hint onto the eval it describes";
    public static final String LAYOUT = "order the parameters as eval([Context ctx,] @StateHint state..., "
            + "arguments...) and annotate every state parameter with @StateHint";
    public static final String STATE_TYPE = "use a POJO (public no-argument constructor, public mutable fields), "
            + "a Row with @StateHint(type = @DataTypeHint(\"ROW<...>\")), a ListView or a MapView as state type";
    public static final String STATE_CONSTRUCTOR = "add a public no-argument constructor to the state class";
    public static final String ON_TIMER = "declare onTimer([OnTimerContext ctx,] ...) with exactly the @StateHint "
            + "parameters of eval(), same types and order, and no call arguments";
    public static final String TYPE_STRING = "fix the type string at the reported position (Flink type syntax, "
            + "e.g. ROW<name STRING, amount DECIMAL(10, 2)>)";
    public static final String TTL = "use Flink's duration syntax, e.g. @StateHint(ttl = \"30 s\"), \"45 min\" "
            + "or \"7 days\"";
    public static final String OUTPUT_TYPE = "declare the output row with @DataTypeHint(\"ROW<...>\") on the class, "
            + "or extend ProcessTableFunction<T> with a concrete T";
    public static final String PURE_ROW = "declare the row's fields with a type hint, e.g. "
            + "@DataTypeHint(\"ROW<a INT, b STRING>\")";
    public static final String DECIMAL = "give BigDecimal values a precision and scale: @DataTypeHint(\"DECIMAL(10, 2)\")";
    public static final String ARGUMENT_KIND = "give @ArgumentHint exactly one of SCALAR, ROW_SEMANTIC_TABLE or "
            + "SET_SEMANTIC_TABLE";
    public static final String ARGUMENT_NAME = "name the argument with @ArgumentHint(name = \"...\") matching "
            + "[a-zA-Z_$][a-zA-Z_$0-9]*";
    public static final String TRAITS = "add the required trait to @ArgumentHint({...})";
    public static final String OPTIONAL_PRIMITIVE = "use a boxed type (e.g. Integer instead of int) for an optional "
            + "argument";
    public static final String OPTIONAL_TABLE = "remove isOptional = true from the table argument";
    public static final String TABLE_TYPE = "use Row (untyped) or a ROW type hint for the table argument";
    public static final String RESERVED = "rename the argument: on_time and uid are system arguments that Flink adds "
            + "to every PTF call";
    public static final String MULTI_TABLE = "declare every table argument with SET_SEMANTIC_TABLE";
    public static final String PASS_THROUGH = "remove PASS_COLUMNS_THROUGH (it needs a single, insert-only table "
            + "argument)";
    public static final String FLINK_20_TRAITS = "recompile against flink-table-common 2.1 or later and use "
            + "ROW_SEMANTIC_TABLE / SET_SEMANTIC_TABLE instead of TABLE_AS_ROW / TABLE_AS_SET";
    public static final String CLASS_NOT_FOUND = "check the fully qualified class name (e.g. com.example.MyPtf) and "
            + "that the class is inside the JAR";
    public static final String CLASS_VERSION = "compile for Java 17 or older (javac --release 17, Maven "
            + "<maven.compiler.release>17</maven.compiler.release>)";
    public static final String MISSING_DEPENDENCY = "bundle the missing library in the JAR (a shaded/fat JAR); only "
            + "the Flink API is provided";

    /** The fix for an error chain: the deepest attached fix, else one derived from the messages. */
    public static String forError(Throwable t) {
        String attached = ValidationError.fixOf(t);
        if (attached != null) {
            return attached;
        }
        for (Throwable c = t; c != null; c = c.getCause()) {
            String m = String.valueOf(c.getMessage());
            if (m.startsWith("Could not parse type at position") || m.startsWith("User-defined types are not")
                    || m.contains("must be between") || m.startsWith("Field names must")) {
                return TYPE_STRING;
            }
            if (m.startsWith("Cannot extract a data type from a pure 'org.apache.flink.types.Row'")) {
                return PURE_ROW;
            }
            if (m.startsWith("Values of 'java.math.BigDecimal'")) {
                return DECIMAL;
            }
            if (m.startsWith("Function class") && m.endsWith("is not public.")) {
                return NOT_PUBLIC;
            }
            if (m.contains("is not a proper class")) {
                return ABSTRACT;
            }
            if (m.contains("must have a public default constructor")) {
                return DEFAULT_CONSTRUCTOR;
            }
            if (m.startsWith("Method 'eval' of function class")) {
                return EVAL_MODIFIERS;
            }
            if (m.contains("does not implement a method named") || m.startsWith("Could not find a publicly")) {
                return NO_EVAL;
            }
            if (m.contains("is not a process table function")) {
                return NOT_A_PTF;
            }
            if (c instanceof EnumConstantNotPresentException && m.contains("TABLE_AS_")) {
                return FLINK_20_TRAITS;
            }
            if (c instanceof UnsupportedClassVersionError) {
                return CLASS_VERSION;
            }
            if (c instanceof NoClassDefFoundError || c instanceof ClassNotFoundException) {
                return MISSING_DEPENDENCY;
            }
        }
        return null;
    }
}
