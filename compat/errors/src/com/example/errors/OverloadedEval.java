package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Bad input: a PTF needs exactly one eval() signature (no overloading). */
public class OverloadedEval extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        collect(String.valueOf(input));
    }

    public void eval(@ArgumentHint(SET_SEMANTIC_TABLE) Row input, Integer limit) {
        collect(String.valueOf(input) + limit);
    }
}
