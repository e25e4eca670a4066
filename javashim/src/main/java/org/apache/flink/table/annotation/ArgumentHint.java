package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Describes one argument of a function: its kind ({@link ArgumentTrait}s; exactly one root trait),
 * name, optionality and data type. On a {@code ProcessTableFunction#eval} parameter it turns the
 * parameter into a table argument, e.g. {@code @ArgumentHint(SET_SEMANTIC_TABLE) Row input}.
 */
@PublicEvolving
@Retention(RetentionPolicy.RUNTIME)
@Target({ElementType.TYPE, ElementType.METHOD, ElementType.FIELD, ElementType.PARAMETER})
public @interface ArgumentHint {

    /** The traits of the argument; the default is a scalar argument. */
    ArgumentTrait[] value() default {ArgumentTrait.SCALAR};

    /** The argument name; empty means the Java parameter name. */
    String name() default "";

    /** Whether the argument may be omitted in a call (then it is null). */
    boolean isOptional() default false;

    /** The argument's data type; the default means "extract from the parameter". */
    DataTypeHint type() default @DataTypeHint();
}
