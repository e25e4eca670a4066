package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.SET_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Bad input: Flink cannot instantiate an abstract function class. */
public abstract class AbstractPtf extends ProcessTableFunction<String> {
    public void eval(@ArgumentHint(SET_SEMANTIC_TABLE) Row input) {
        collect(describe(input));
    }

    protected abstract String describe(Row input);
}
