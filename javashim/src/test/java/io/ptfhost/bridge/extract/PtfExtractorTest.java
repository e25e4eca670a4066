package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;
import static io.ptfhost.testkit.CompatJars.error;
import static io.ptfhost.testkit.CompatJars.seed;

import io.ptfhost.bridge.extract.PtfSignature.Argument;
import io.ptfhost.bridge.extract.PtfSignature.StateEntry;
import io.ptfhost.bridge.extract.fixtures.Extra;

import java.util.ArrayList;
import java.util.List;

/**
 * Signature extraction against the seed PTFs (compat/seeds, seeds.jar) and the bad inputs of issue 2
 * (compat/errors, errors.jar), loaded from the built JARs as ptfhost loads a user JAR, plus the
 * further Flink rules of {@link Extra}. The JARs and Extra are compiled with -parameters, so names come
 * from reflection here (LocalVariableTable names are covered by ParameterNamesTest).
 */
public final class PtfExtractorTest {
    private static final String OUTER = "Could not extract a valid type inference for function class '%s'. "
            + "Please check for implementation mistakes and/or provide a corresponding hint.";

    private static PtfSignature valid(Class<?> cls) {
        PtfSignature s = PtfExtractor.extract(cls);
        assertTrue(s.isValid(), cls.getName() + " should be valid but: " + s.error);
        return s;
    }

    private static PtfSignature invalid(Class<?> cls) {
        PtfSignature s = PtfExtractor.extract(cls);
        assertTrue(!s.isValid(), cls.getName() + " should be invalid");
        assertTrue(s.fix != null && !s.fix.isEmpty(), "every error has a fix: " + s.error);
        return s;
    }

    private static String args(PtfSignature s) {
        List<String> out = new ArrayList<>();
        for (Argument a : s.arguments) {
            out.add(a.name + ":" + (a.table ? "table" : "scalar") + ":" + a.traits + ":" + a.type + ":"
                    + (a.optional ? "optional" : "required") + ":" + a.conversion);
        }
        return String.join(" | ", out);
    }

    private static String state(PtfSignature s) {
        List<String> out = new ArrayList<>();
        for (StateEntry e : s.state) {
            out.add(e.name + ":" + e.kind + ":" + e.type + ":" + e.ttlMillis);
        }
        return String.join(" | ", out);
    }

    private static String outer(Class<?> c) {
        return String.format(OUTER, c.getName());
    }

    // ---- the seed pages -------------------------------------------------------------------

    public static void testMedian() {
        Class<?> c = seed("Median");
        PtfSignature s = valid(c);
        assertEquals("input:table:[SET_SEMANTIC_TABLE]:null:required:org.apache.flink.types.Row"
                + " | numTrailing:scalar:[SCALAR]:INT:required:java.lang.Integer", args(s));
        assertEquals("trailingTemps:VALUE:ROW<`temps` ARRAY<DOUBLE>>:null", state(s));
        assertEquals("ROW<`temperature` DOUBLE, `median` DOUBLE>", s.outputType.toString());
        assertTrue(!s.isAtomicOutput() && !s.evalHasContext && !s.hasOnTimer && !s.changelogFunction, "flags");
        assertEquals("public void " + c.getName() + ".eval(" + c.getName()
                + "$TempsState,org.apache.flink.types.Row,java.lang.Integer)", s.evalMethod);
    }

    public static void testThresholdFilterAtomicOutput() {
        PtfSignature s = valid(seed("ThresholdFilter"));
        assertEquals("input:table:[SET_SEMANTIC_TABLE, PASS_COLUMNS_THROUGH]:null:required:org.apache.flink.types.Row"
                + " | threshold:scalar:[SCALAR]:DOUBLE:required:java.lang.Double", args(s));
        assertEquals("BOOLEAN", s.outputType.toString());
        assertTrue(s.isAtomicOutput(), "Boolean output is atomic (EXPR$0)");
    }

    public static void testInactivityAlertContextAndTimer() {
        PtfSignature s = valid(seed("InactivityAlert"));
        assertTrue(s.evalHasContext, "eval takes a Context");
        assertTrue(s.hasOnTimer && !s.onTimerHasContext, "onTimer(state) without context");
        assertEquals("state:VALUE:ROW<`lastSeenMs` BIGINT NOT NULL>:null", state(s));
        assertEquals("input:table:[SET_SEMANTIC_TABLE, REQUIRE_ON_TIME]:null:required:org.apache.flink.types.Row",
                args(s));
    }

    public static void testTtlAndDecimalState() {
        assertEquals("state:VALUE:ROW<`counter` BIGINT NOT NULL>:30000", state(valid(seed("TtlCountdown"))));
        PtfSignature s = valid(seed("ChangelogAuditor"));
        assertEquals("state:VALUE:ROW<`previousRate` DECIMAL(10, 4)>:604800000", state(s));
        assertEquals("ROW<`change_type` STRING, `old_rate` DECIMAL(10, 4), `new_rate` DECIMAL(10, 4)>",
                s.outputType.toString());
        assertEquals("[SET_SEMANTIC_TABLE, SUPPORT_UPDATES, REQUIRE_UPDATE_BEFORE]", s.arguments.get(0).traits.toString());
    }

    public static void testOtherSeeds() {
        PtfSignature running = valid(seed("RunningMax"));
        assertTrue(running.changelogFunction, "RunningMax implements ChangelogFunction");
        assertEquals("ROW<`max_rate` DECIMAL(10, 4)>", running.outputType.toString());
        PtfSignature multi = valid(seed("MtControlStream"));
        assertEquals("events:table:[SET_SEMANTIC_TABLE]:null:required:org.apache.flink.types.Row"
                + " | control:table:[SET_SEMANTIC_TABLE]:null:required:org.apache.flink.types.Row", args(multi));
        PtfSignature pass = valid(seed("PassThroughEnrich"));
        assertEquals("BIGINT", pass.outputType.toString());
        assertTrue(pass.isAtomicOutput(), "Long output is atomic");
        PtfSignature views = valid(seed("LongViews"));
        assertEquals("input:table:[ROW_SEMANTIC_TABLE]:null:required:org.apache.flink.types.Row"
                + " | min_view_time:scalar:[SCALAR]:INT NOT NULL:required:int", args(views));
        assertEquals("clicks:VALUE:ROW<`count` BIGINT NOT NULL>:null", state(valid(seed("CountClicks"))));
    }

    // ---- bad inputs of issue 2 ------------------------------------------------------------

    public static void testNotAPtf() {
        Class<?> c = error("NotAPtf");
        PtfSignature s = invalid(c);
        assertEquals("Class '" + c.getName() + "' is not a process table function: it does not extend "
                + "'org.apache.flink.table.functions.ProcessTableFunction'.", s.error);
    }

    public static void testAbstractClass() {
        Class<?> c = error("AbstractPtf");
        PtfSignature s = invalid(c);
        assertEquals("Function class '" + c.getName() + "' is not a proper class. It is either "
                + "abstract, an interface, or a primitive type.", s.error);
    }

    public static void testNoDefaultConstructor() {
        Class<?> c = error("NoDefaultConstructor");
        PtfSignature s = invalid(c);
        assertEquals("Function class '" + c.getName()
                + "' must have a public default constructor.", s.error);
        assertEquals(Fixes.DEFAULT_CONSTRUCTOR, s.fix);
    }

    public static void testStaticEval() {
        Class<?> c = error("StaticEval");
        assertEquals("Method 'eval' of function class '" + c.getName() + "' must not be static.", invalid(c).error);
    }

    public static void testOverloadedEval() {
        Class<?> c = error("OverloadedEval");
        assertEquals(outer(c)
                + "\nProcess table functions require a non-overloaded, non-vararg, and static signature.",
                invalid(c).error);
        assertEquals(outer(Extra.VarArgs.class)
                + "\nProcess table functions require a non-overloaded, non-vararg, and static signature.",
                invalid(Extra.VarArgs.class).error);
    }

    public static void testStateParameterWithoutHint() {
        // the state POJO without @StateHint is taken as an argument after the state: wrong layout
        Class<?> c = error("StateAfterArgument");
        PtfSignature s = invalid(c);
        String state = c.getCanonicalName() + ".CountState";
        assertEquals(outer(c) + "\nError in extracting a signature to state mapping."
                + "\nUnable to extract a type inference from method:\npublic void " + c.getName() + ".eval("
                + "org.apache.flink.types.Row," + c.getName() + "$CountState)"
                + "\nConsidering all hints, the method should comply with the signature:\neval(" + state
                + ", org.apache.flink.types.Row)\nPattern: (<context>? [, <state>]* [, <argument>]*)", s.error);
        assertEquals(Fixes.LAYOUT, s.fix);
    }

    public static void testStateTypeNotComposite() {
        Class<?> scalar = error("ScalarState");
        PtfSignature s = invalid(scalar);
        assertTrue(s.error.endsWith("\nState entries must use a mutable, composite data type. But was: INT"), s.error);
        assertTrue(s.error.startsWith(outer(scalar) + "\nError in extracting a signature to state mapping."),
                s.error);
        Class<?> rowState = error("RowStateWithoutType");
        PtfSignature row = invalid(rowState);
        assertTrue(row.error.endsWith("\nCannot extract a data type from a pure 'org.apache.flink.types.Row' class. "
                + "Please use annotations to define field names and field types."), row.error);
        assertTrue(row.error.contains("\nCould not extract a data type from 'class org.apache.flink.types.Row' in "
                + "parameter 0 of method 'eval' in class '" + rowState.getName()
                + "'. Please pass the required data type manually or allow RAW types.\n"), row.error);
        PtfSignature immutable = invalid(Extra.ImmutableState.class);
        assertTrue(immutable.error.endsWith("\nState entries must provide an argument-less constructor so that all "
                + "fields are mutable."), immutable.error);
    }

    public static void testOnTimerStateMismatch() {
        Class<?> c = error("OnTimerStateMismatch");
        PtfSignature s = invalid(c);
        assertEquals("Could not find an implementation method 'onTimer' in class '" + c.getName() + "' for function '"
                + c.getSimpleName() + "' that matches the following signature:\nvoid onTimer("
                + c.getCanonicalName() + ".SeenState, " + c.getCanonicalName() + ".LastState)", s.error);
        assertEquals(Fixes.ON_TIMER, s.fix);
    }

    public static void testMalformedTypeHintHasPosition() {
        Class<?> c = error("MalformedTypeHint");
        PtfSignature s = invalid(c);
        assertEquals(outer(c) + "\nError in extracting a signature to output mapping."
                + "\nUnable to extract a type inference from method:\npublic void " + c.getName()
                + ".eval(org.apache.flink.types.Row)\nError in data type hint annotation."
                + "\nCould not parse type at position 15: <LIST_SEPARATOR> expected but was <IDENTIFIER>."
                + "\n Input type string: ROW<word STRING cnt BIGINT>", s.error);
        assertEquals(Fixes.TYPE_STRING, s.fix);
    }

    public static void testInvalidTtl() {
        PtfSignature s = invalid(error("InvalidTtl"));
        assertTrue(s.error.contains("\nInvalid TTL duration: 30 secs please\nTime interval unit label 'secs please' "
                + "does not match any of the recognized units: DAYS: (d | day | days), "), s.error);
        assertEquals(Fixes.TTL, s.fix);
    }

    // ---- further Flink rules --------------------------------------------------------------

    public static void testDataViewsRowStateAndScalarTypes() {
        PtfSignature s = valid(Extra.Views.class);
        assertEquals("history:LIST:ARRAY<STRING>:3600000 | counts:MAP:MAP<STRING, BIGINT>:null"
                + " | summary:VALUE:ROW<`n` BIGINT, `last` STRING>:0", state(s));
        assertEquals("input:table:[SET_SEMANTIC_TABLE, OPTIONAL_PARTITION_BY]:null:required:org.apache.flink.types.Row"
                + " | limit:scalar:[SCALAR]:INT:optional:java.lang.Integer"
                + " | weights:scalar:[SCALAR]:MAP<STRING, DOUBLE>:required:java.util.Map"
                + " | at:scalar:[SCALAR]:TIMESTAMP_LTZ(9):required:java.time.Instant"
                + " | gap:scalar:[SCALAR]:INTERVAL SECOND(9):required:java.time.Duration"
                + " | payload:scalar:[SCALAR]:BYTES:required:[B"
                + " | amount:scalar:[SCALAR]:DECIMAL(12, 3):required:java.math.BigDecimal", args(s));
        assertTrue(s.evalHasContext && s.hasOnTimer && s.onTimerHasContext, "contexts detected");
    }

    public static void testOutputTypeSources() {
        assertEquals("BIGINT", valid(Extra.Resolved.class).outputType.toString());
        assertEquals("ROW<`a` INT NOT NULL, `b c` STRING 'the b'>", valid(Extra.HintedOutput.class).outputType.toString());
        PtfSignature row = invalid(Extra.PureRowOutput.class);
        assertTrue(row.error.contains("\nCould not extract a data type from 'class org.apache.flink.types.Row' in "
                + "generic class 'org.apache.flink.table.functions.ProcessTableFunction' in class "
                + Extra.PureRowOutput.class.getName() + ". Please pass the required data type manually or allow "
                + "RAW types.\nCannot extract a data type from a pure 'org.apache.flink.types.Row' class."), row.error);
        assertEquals(Fixes.OUTPUT_TYPE, row.fix);
        PtfSignature raw = invalid(Extra.RawOutput.class);
        assertTrue(raw.error.endsWith("\nUnresolved type variable 'T'. A data type cannot be extracted from a type "
                + "variable. The original content might have been erased due to Java type erasure."), raw.error);
    }

    public static void testArgumentRules() {
        assertEquals("Function signature must not declare system arguments. Reserved argument names are: "
                + "[on_time, uid]", invalid(Extra.ReservedName.class).error);
        assertTrue(invalid(Extra.OptionalPrimitive.class).error.endsWith(
                "\nArgument at position 1 is optional but its type doesn't accept null value."), "optional int");
        assertEquals(outer(Extra.MissingSetTrait.class) + "\nInvalid argument traits for argument 'input'. "
                + "Trait OPTIONAL_PARTITION_BY requires SET_SEMANTIC_TABLE.", invalid(Extra.MissingSetTrait.class).error);
        assertTrue(invalid(Extra.TwoRoots.class).error.endsWith("\nIncorrect argument kind at position 0. Argument "
                + "kind must be one of: [SCALAR, ROW_SEMANTIC_TABLE, SET_SEMANTIC_TABLE]"), "two roots");
        assertEquals("All table arguments must use set semantics if multiple table arguments are declared.",
                invalid(Extra.MultiTableRowSemantics.class).error);
        assertEquals("Signatures with updating inputs must not pass columns through.",
                invalid(Extra.PassThroughUpdates.class).error);
        assertTrue(invalid(Extra.DecimalWithoutPrecision.class).error.endsWith(
                "\nValues of 'java.math.BigDecimal' need fixed precision and scale."), "decimal");
        assertEquals("myTable:table:[SET_SEMANTIC_TABLE]:null:required:org.apache.flink.types.Row"
                + " | myArg:scalar:[SCALAR]:INT:required:java.lang.Integer", args(valid(Extra.HintedArgumentName.class)));
        assertEquals("order:table:[SET_SEMANTIC_TABLE]:ROW<`id` STRING, `quantity` BIGINT NOT NULL>:required:"
                + Extra.TypedTable.Order.class.getName(), args(valid(Extra.TypedTable.class)));
    }

    public static void testClassAndMethodRules() throws Exception {
        Class<?> notPublic = Class.forName(Extra.class.getName() + "$NotPublic");
        assertEquals("Function class '" + Extra.NoEval.class.getName() + "' does not implement a method named 'eval'.",
                invalid(Extra.NoEval.class).error);
        assertEquals("Method 'eval' of function class '" + Extra.PrivateEval.class.getName() + "' is not public.",
                invalid(Extra.PrivateEval.class).error);
        assertEquals("Function class '" + notPublic.getName() + "' is not public.", invalid(notPublic).error);
    }
}
