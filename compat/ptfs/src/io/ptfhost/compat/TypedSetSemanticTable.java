package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;

/** Typed (POJO) table argument with set semantics; the key column keeps its input name. */
public class TypedSetSemanticTable extends TraceFunction {
    public void eval(@ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) User u, Integer i) {
        emit(u, i);
    }
}
