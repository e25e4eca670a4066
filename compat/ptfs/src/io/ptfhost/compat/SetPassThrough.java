package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** PASS_COLUMNS_THROUGH with set semantics: all columns replace the key prefix. */
public class SetPassThrough extends TraceFunction {
    public void eval(
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.PASS_COLUMNS_THROUGH}) Row r,
            Integer i) {
        emit(r, i);
    }
}
