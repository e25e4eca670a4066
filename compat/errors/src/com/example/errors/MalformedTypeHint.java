package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Bad input: the output type string misses the comma between the two fields. */
@DataTypeHint("ROW<word STRING cnt BIGINT>")
public class MalformedTypeHint extends ProcessTableFunction<Row> {
    public void eval(@ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        collect(Row.of(input.getFieldAs("word"), 1L));
    }
}
