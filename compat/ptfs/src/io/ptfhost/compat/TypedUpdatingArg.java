package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.ProcessTableFunction;

/** Invalid: an updating table argument must be a Row (a POJO cannot carry the row kind). */
public class TypedUpdatingArg extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint({ArgumentTrait.ROW_SEMANTIC_TABLE, ArgumentTrait.SUPPORT_UPDATES}) User u,
            Integer i) {}
}
