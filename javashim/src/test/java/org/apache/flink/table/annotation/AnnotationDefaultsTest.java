package org.apache.flink.table.annotation;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.reflect.Method;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.HashSet;
import java.util.Set;

/**
 * Annotation defaults as user JARs see them through reflection: extraction reads these sentinel
 * values, so a wrong default changes a function's signature.
 */
public class AnnotationDefaultsTest {

    @FunctionHint
    static class Hinted {
        public void eval(@ArgumentHint ArgumentHint unused, @StateHint Object state, @DataTypeHint String s) {}
    }

    private static Method eval() throws Exception {
        return Hinted.class.getMethod("eval", ArgumentHint.class, Object.class, String.class);
    }

    public static void testArgumentHintDefaults() throws Exception {
        ArgumentHint h = eval().getParameters()[0].getAnnotation(ArgumentHint.class);
        assertTrue(h != null, "ArgumentHint is visible at runtime");
        assertEquals(Arrays.asList(ArgumentTrait.SCALAR), Arrays.asList(h.value()));
        assertEquals("", h.name());
        assertEquals(false, h.isOptional());
        checkDataTypeHintDefaults(h.type());
    }

    public static void testStateHintDefaults() throws Exception {
        StateHint h = eval().getParameters()[1].getAnnotation(StateHint.class);
        assertEquals("", h.name());
        assertEquals("", h.ttl());
        checkDataTypeHintDefaults(h.type());
    }

    public static void testDataTypeHintDefaults() throws Exception {
        checkDataTypeHintDefaults(eval().getParameters()[2].getAnnotation(DataTypeHint.class));
    }

    public static void testFunctionHintDefaults() {
        FunctionHint h = Hinted.class.getAnnotation(FunctionHint.class);
        assertEquals(1, h.input().length);
        checkDataTypeHintDefaults(h.input()[0]);
        assertEquals(false, h.isVarArgs());
        assertEquals(0, h.arguments().length);
        assertEquals(0, h.state().length);
        assertEquals(0, h.argument().length);
        assertEquals(Arrays.asList(""), Arrays.asList(h.argumentNames()));
        checkDataTypeHintDefaults(h.accumulator());
        checkDataTypeHintDefaults(h.output());
    }

    @FunctionHint(output = @DataTypeHint("INT"))
    @FunctionHint(output = @DataTypeHint("STRING"))
    static class Repeated {}

    public static void testFunctionHintIsRepeatable() {
        FunctionHints hints = Repeated.class.getAnnotation(FunctionHints.class);
        assertEquals(2, hints.value().length);
        assertEquals("STRING", Repeated.class.getAnnotationsByType(FunctionHint.class)[1].output().value());
    }

    public static void testRetentionAndTargets() {
        checkMeta(ArgumentHint.class, ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER);
        checkMeta(StateHint.class, ElementType.TYPE, ElementType.METHOD, ElementType.PARAMETER);
        checkMeta(DataTypeHint.class, ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER);
        checkMeta(FunctionHint.class, ElementType.TYPE, ElementType.METHOD);
        checkMeta(FunctionHints.class, ElementType.TYPE, ElementType.METHOD);
        checkMeta(ProcedureHint.class, ElementType.TYPE, ElementType.METHOD);
        checkMeta(ProcedureHints.class, ElementType.TYPE, ElementType.METHOD);
    }

    public static void testSmallEnums() {
        assertEquals("[TRUE, FALSE, UNKNOWN]", Arrays.toString(HintFlag.values()));
        assertEquals("[UNKNOWN, ANY]", Arrays.toString(InputGroup.values()));
        assertEquals("[UNKNOWN, V1]", Arrays.toString(ExtractionVersion.values()));
    }

    static void checkDataTypeHintDefaults(DataTypeHint h) {
        assertEquals("", h.value());
        assertEquals(void.class, h.bridgedTo());
        assertEquals("org.apache.flink.table.annotation.UnknownSerializer", h.rawSerializer().getName());
        assertEquals(InputGroup.UNKNOWN, h.inputGroup());
        assertEquals(ExtractionVersion.UNKNOWN, h.version());
        assertEquals(HintFlag.UNKNOWN, h.allowRawGlobally());
        assertEquals(Arrays.asList(""), Arrays.asList(h.allowRawPattern()));
        assertEquals(Arrays.asList(""), Arrays.asList(h.forceRawPattern()));
        assertEquals(-1, h.defaultDecimalPrecision());
        assertEquals(-1, h.defaultDecimalScale());
        assertEquals(-1, h.defaultYearPrecision());
        assertEquals(-1, h.defaultSecondPrecision());
    }

    private static void checkMeta(Class<?> annotation, ElementType... targets) {
        Retention r = annotation.getAnnotation(Retention.class);
        assertEquals(RetentionPolicy.RUNTIME, r.value());
        Set<ElementType> actual = new HashSet<>(Arrays.asList(annotation.getAnnotation(Target.class).value()));
        assertEquals(new HashSet<>(EnumSet.copyOf(Arrays.asList(targets))), actual);
    }
}
