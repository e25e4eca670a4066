package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Invalid: a table argument cannot be optional. */
public class OptionalTable extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint(value = ArgumentTrait.ROW_SEMANTIC_TABLE, isOptional = true) Row r) {}
}
