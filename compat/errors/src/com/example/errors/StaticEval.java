package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.ROW_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Bad input: eval() must be an instance method. */
public class StaticEval extends ProcessTableFunction<String> {
    public static void eval(@ArgumentHint(ROW_SEMANTIC_TABLE) Row input) {}
}
