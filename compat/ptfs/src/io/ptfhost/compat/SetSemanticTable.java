package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** Set semantics: the PARTITION BY columns prefix every output row. */
public class SetSemanticTable extends TraceFunction {
    public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r, Integer i) {
        emit(r, i);
    }
}
