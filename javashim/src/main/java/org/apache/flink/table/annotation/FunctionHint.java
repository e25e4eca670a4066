package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import java.lang.annotation.Repeatable;

/**
 * Maps a function signature (arguments, state, output) explicitly, replacing reflective
 * extraction for the parts it sets. On the class it applies to every implementation method.
 */
@PublicEvolving
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD})
@Repeatable(FunctionHints.class)
public @interface FunctionHint {

    /** Explicit argument types (the older, unnamed form of {@link #arguments()}). */
    DataTypeHint[] input() default @DataTypeHint();

    /** Whether the last argument is variable-length. */
    boolean isVarArgs() default false;

    /** Explicit arguments with names and traits. */
    ArgumentHint[] arguments() default {};

    /** The accumulator type of an aggregating function. */
    DataTypeHint accumulator() default @DataTypeHint();

    /** The state entries of a process table function, in order. */
    StateHint[] state() default {};

    /** The output type. */
    DataTypeHint output() default @DataTypeHint();

    /** Names for {@link #input()}. */
    @Deprecated
    String[] argumentNames() default {""};

    /** Former name of {@link #arguments()}. */
    @Deprecated
    ArgumentHint[] argument() default {};
}
