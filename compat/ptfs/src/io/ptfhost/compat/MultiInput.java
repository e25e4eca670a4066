package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Two co-partitioned tables: each call sees one row, the other table argument is null. */
public class MultiInput extends TraceFunction {
    public void eval(Context ctx,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in1,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row in2) {
        emit(in1, in2);
    }
}
