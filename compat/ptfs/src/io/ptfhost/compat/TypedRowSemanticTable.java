package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;

/** Typed (POJO) table argument with row semantics: columns map to fields by position. */
public class TypedRowSemanticTable extends TraceFunction {
    public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) User u, Integer i) {
        emit(u, i);
    }
}
