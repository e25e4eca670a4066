package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;

/** Characteristics a {@link FunctionDefinition} requires from the planner. */
@PublicEvolving
public enum FunctionRequirement {

    /** An aggregate function that can only be applied in an OVER window. */
    OVER_WINDOW_ONLY
}
