package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/** Emits a DELETE although the function's output is insert-only. */
public class InvalidRowKind extends TraceFunction {
    public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Row r) {
        collect(Row.ofKind(RowKind.DELETE, "invalidate"));
    }
}
