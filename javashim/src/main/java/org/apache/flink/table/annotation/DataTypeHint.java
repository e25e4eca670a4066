package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Hints how a data type should be extracted from a class, parameter, field or method. Every
 * element has a sentinel default meaning "not set" (empty string, {@code void.class},
 * {@code UNKNOWN}, {@code -1}, {@code {""}}), so that hints on several levels can be merged.
 */
@PublicEvolving
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER})
public @interface DataTypeHint {

    /** A SQL type string such as {@code "ROW<i INT, s STRING>"}; empty means extract. */
    String value() default "";

    /** The conversion class of the data type; {@code void.class} means the default class. */
    Class<?> bridgedTo() default void.class;

    /** The serializer of a RAW type. */
    Class<? extends org.apache.flink.api.common.typeutils.TypeSerializer<?>> rawSerializer()
            default UnknownSerializer.class;

    /** An input group such as {@link InputGroup#ANY} instead of a concrete type. */
    InputGroup inputGroup() default InputGroup.UNKNOWN;

    /** The extraction logic version. */
    ExtractionVersion version() default ExtractionVersion.UNKNOWN;

    /** Whether unknown classes may become RAW types everywhere. */
    HintFlag allowRawGlobally() default HintFlag.UNKNOWN;

    /** Class name prefixes that may become RAW types. */
    String[] allowRawPattern() default {""};

    /** Class name prefixes that must become RAW types. */
    String[] forceRawPattern() default {""};

    /** Default precision for {@code java.math.BigDecimal}. */
    int defaultDecimalPrecision() default -1;

    /** Default scale for {@code java.math.BigDecimal}. */
    int defaultDecimalScale() default -1;

    /** Default year precision for {@code java.time.Period}. */
    int defaultYearPrecision() default -1;

    /** Default fractional second precision for time types. */
    int defaultSecondPrecision() default -1;
}
