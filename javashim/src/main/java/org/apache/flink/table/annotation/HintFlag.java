package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

/** A three-valued boolean for hints: {@link #UNKNOWN} means "not set, inherit". */
@PublicEvolving
public enum HintFlag {
    TRUE,
    FALSE,
    UNKNOWN
}
