package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Invalid: SUPPORT_UPDATES together with PASS_COLUMNS_THROUGH. */
public class UpdatingPassThrough extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES,
            ArgumentTrait.PASS_COLUMNS_THROUGH}) Row r) {}
}
