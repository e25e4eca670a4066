package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.annotation.Repeatable;

/** Maps the signature of a stored procedure explicitly (not used by process table functions). */
@PublicEvolving
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Repeatable(ProcedureHints.class)
public @interface ProcedureHint {

    /** Explicit argument types. */
    DataTypeHint[] input() default @DataTypeHint();

    /** Whether the last argument is variable-length. */
    boolean isVarArgs() default false;

    /** Explicit arguments with names. */
    ArgumentHint[] arguments() default {};

    /** The output type. */
    DataTypeHint output() default @DataTypeHint();

    /** Names for {@link #input()}. */
    @Deprecated
    String[] argumentNames() default {""};

    /** Former name of {@link #arguments()}. */
    @Deprecated
    ArgumentHint[] argument() default {};
}
