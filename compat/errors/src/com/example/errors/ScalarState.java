package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * Bad input: state must be a mutable, composite type (a POJO or a typed Row); an Integer cannot be
 * updated in place, so Flink rejects it.
 */
public class ScalarState extends ProcessTableFunction<Integer> {
    public void eval(@StateHint Integer count, @ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        collect(count == null ? 1 : count + 1);
    }
}
