package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Invalid: with several table arguments all must have set semantics. */
public class RowAndSetTables extends ProcessTableFunction<String> {
    public void eval(
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row r1,
            @ArgumentHint(ArgumentTrait.ROW_SEMANTIC_TABLE) Row r2) {}
}
