package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Declares a state entry of a process table function: on an {@code eval} parameter, on the class
 * or method via {@link FunctionHint#state()}. The state object is created by the framework and
 * kept per PARTITION BY key.
 */
@PublicEvolving
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.PARAMETER})
public @interface StateHint {

    /** The state entry's name; empty means the Java parameter name. */
    String name() default "";

    /** The state entry's data type; the default means "extract from the parameter class". */
    DataTypeHint type() default @DataTypeHint();

    /**
     * Time-to-live of this entry in Flink duration syntax ({@code "3 days"}, {@code "45 min"},
     * {@code "60 s"}, a plain number is milliseconds); {@code "0"} disables TTL, empty means the
     * pipeline-wide state TTL applies.
     */
    String ttl() default "";
}
