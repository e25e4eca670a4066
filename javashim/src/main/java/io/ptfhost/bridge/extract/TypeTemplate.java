package io.ptfhost.bridge.extract;

import io.ptfhost.bridge.types.SqlType;
import io.ptfhost.bridge.types.TypeParser;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.HintFlag;
import org.apache.flink.table.annotation.InputGroup;

import java.util.regex.Pattern;

/**
 * The settings of a {@code @DataTypeHint} (Flink's DataTypeTemplate): an explicit type, or
 * parameters for extracting one. Unset values are null; inner hints (on a field or a class)
 * override outer ones.
 */
final class TypeTemplate {
    final SqlType dataType;
    final Class<?> bridgedTo;
    final Boolean allowRawGlobally;
    final String[] allowRawPattern;
    final String[] forceRawPattern;
    final Integer defaultDecimalPrecision;
    final Integer defaultDecimalScale;
    final Integer defaultYearPrecision;
    final Integer defaultSecondPrecision;
    final boolean inputGroupAny;

    private TypeTemplate(SqlType dataType, Class<?> bridgedTo, Boolean allowRawGlobally, String[] allowRawPattern,
            String[] forceRawPattern, Integer defaultDecimalPrecision, Integer defaultDecimalScale,
            Integer defaultYearPrecision, Integer defaultSecondPrecision, boolean inputGroupAny) {
        this.dataType = dataType;
        this.bridgedTo = bridgedTo;
        this.allowRawGlobally = allowRawGlobally;
        this.allowRawPattern = allowRawPattern;
        this.forceRawPattern = forceRawPattern;
        this.defaultDecimalPrecision = defaultDecimalPrecision;
        this.defaultDecimalScale = defaultDecimalScale;
        this.defaultYearPrecision = defaultYearPrecision;
        this.defaultSecondPrecision = defaultSecondPrecision;
        this.inputGroupAny = inputGroupAny;
    }

    static final TypeTemplate DEFAULTS = new TypeTemplate(null, null, null, null, null, null, null, null, null, false);

    /** A template from a hint; parses the hint's type string (which may throw, with Flink's message). */
    static TypeTemplate fromHint(DataTypeHint hint, TypeExtractor extractor) {
        TypeTemplate settings = new TypeTemplate(null, bridged(hint), flag(hint.allowRawGlobally()),
                patterns(hint.allowRawPattern()), patterns(hint.forceRawPattern()),
                positive(hint.defaultDecimalPrecision()), positive(hint.defaultDecimalScale()),
                positive(hint.defaultYearPrecision()), positive(hint.defaultSecondPrecision()),
                hint.inputGroup() == InputGroup.ANY);
        SqlType type = null;
        if (!hint.value().isEmpty()) {
            type = TypeParser.parse(hint.value());
        } else if (settings.bridgedTo != null) {
            type = extractor.extractFromClass(settings.bridgedTo, settings.copyWithoutDataType());
        }
        return settings.withDataType(type);
    }

    /** True if the hint sets nothing at all (Flink's default {@code @DataTypeHint()}). */
    static boolean isEmpty(DataTypeHint hint) {
        return hint.value().isEmpty() && bridged(hint) == null && hint.allowRawGlobally() == HintFlag.UNKNOWN
                && patterns(hint.allowRawPattern()) == null && patterns(hint.forceRawPattern()) == null
                && hint.defaultDecimalPrecision() < 0 && hint.defaultDecimalScale() < 0
                && hint.defaultYearPrecision() < 0 && hint.defaultSecondPrecision() < 0
                && hint.inputGroup() != InputGroup.ANY;
    }

    TypeTemplate withDataType(SqlType type) {
        return new TypeTemplate(type, bridgedTo, allowRawGlobally, allowRawPattern, forceRawPattern,
                defaultDecimalPrecision, defaultDecimalScale, defaultYearPrecision, defaultSecondPrecision,
                inputGroupAny);
    }

    TypeTemplate copyWithoutDataType() {
        return new TypeTemplate(null, null, allowRawGlobally, allowRawPattern, forceRawPattern,
                defaultDecimalPrecision, defaultDecimalScale, defaultYearPrecision, defaultSecondPrecision, false);
    }

    /** Outer settings with an inner hint's settings on top (a field's or a class's hint). */
    TypeTemplate merge(DataTypeHint inner, TypeExtractor extractor) {
        TypeTemplate in = fromHint(inner, extractor);
        return new TypeTemplate(in.dataType, in.bridgedTo,
                in.allowRawGlobally != null ? in.allowRawGlobally : allowRawGlobally,
                in.allowRawPattern != null ? in.allowRawPattern : allowRawPattern,
                in.forceRawPattern != null ? in.forceRawPattern : forceRawPattern,
                in.defaultDecimalPrecision != null ? in.defaultDecimalPrecision : defaultDecimalPrecision,
                in.defaultDecimalScale != null ? in.defaultDecimalScale : defaultDecimalScale,
                in.defaultYearPrecision != null ? in.defaultYearPrecision : defaultYearPrecision,
                in.defaultSecondPrecision != null ? in.defaultSecondPrecision : defaultSecondPrecision,
                in.inputGroupAny);
    }

    boolean allowsRaw(Class<?> cls) {
        return Boolean.TRUE.equals(allowRawGlobally) || matches(allowRawPattern, cls);
    }

    boolean forcesRaw(Class<?> cls) {
        return matches(forceRawPattern, cls);
    }

    private static boolean matches(String[] patterns, Class<?> cls) {
        if (patterns == null || cls == null) {
            return false;
        }
        for (String p : patterns) {
            if (cls.getName().startsWith(p) || Pattern.matches(p, cls.getName())) {
                return true;
            }
        }
        return false;
    }

    private static Class<?> bridged(DataTypeHint hint) {
        return hint.bridgedTo() == void.class ? null : hint.bridgedTo();
    }

    private static Boolean flag(HintFlag f) {
        return f == HintFlag.TRUE ? Boolean.TRUE : f == HintFlag.FALSE ? Boolean.FALSE : null;
    }

    private static String[] patterns(String[] p) {
        return p.length == 1 && p[0].isEmpty() ? null : p;
    }

    private static Integer positive(int v) {
        return v < 0 ? null : Integer.valueOf(v);
    }
}
