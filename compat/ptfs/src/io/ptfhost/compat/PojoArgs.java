package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;

/** A POJO both as the row-semantic table argument and as a scalar argument (built by PojoCreator). */
public class PojoArgs extends TraceFunction {
    public void eval(@ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) User input, User scalar) {
        emit(input, scalar);
    }
}
