package org.apache.flink.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Target;

/** Marks a class or member as stable public API (binary compatible within a major version). */
@Documented
@Target(ElementType.TYPE)
@Public
public @interface Public {}
