package org.apache.flink.table.types.logical;

import org.apache.flink.annotation.PublicEvolving;

/** Whether a timestamp is a regular value or a time attribute. */
@PublicEvolving
public enum TimestampKind {
    REGULAR,
    ROWTIME,
    PROCTIME
}
