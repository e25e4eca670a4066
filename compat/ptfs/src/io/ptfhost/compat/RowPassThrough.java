package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** PASS_COLUMNS_THROUGH with row semantics: all input columns precede the output. */
public class RowPassThrough extends TraceFunction {
    public void eval(
            @ArgumentHint({ArgumentTrait.ROW_SEMANTIC_TABLE, ArgumentTrait.PASS_COLUMNS_THROUGH}) Row r,
            Integer i) {
        emit(r, i);
    }
}
