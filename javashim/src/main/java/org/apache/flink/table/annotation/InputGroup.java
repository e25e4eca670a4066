package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

/** Groups of input types a single parameter may accept instead of one concrete type. */
@PublicEvolving
public enum InputGroup {

    /** Not set; the type is extracted or given explicitly. */
    UNKNOWN,

    /** Any type; the parameter class must be {@code java.lang.Object}. */
    ANY
}
