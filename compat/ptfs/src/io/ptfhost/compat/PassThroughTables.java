package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Invalid: pass-through columns with two table arguments. */
public class PassThroughTables extends ProcessTableFunction<String> {
    public void eval(
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.PASS_COLUMNS_THROUGH}) Row r1,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.PASS_COLUMNS_THROUGH}) Row r2) {}
}
