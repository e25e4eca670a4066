package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** OPTIONAL_PARTITION_BY: set semantics without PARTITION BY, one global partition, no prefix. */
public class OptionalPartitionBy extends TraceFunction {
    public void eval(
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row r,
            Integer i) {
        emit(r, i);
    }
}
