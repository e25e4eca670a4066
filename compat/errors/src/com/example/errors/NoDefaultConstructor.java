package com.example.errors;

import static org.apache.flink.table.annotation.ArgumentTrait.ROW_SEMANTIC_TABLE;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/** Bad input: the only constructor takes an argument, so Flink cannot instantiate the class. */
public class NoDefaultConstructor extends ProcessTableFunction<String> {
    private final String prefix;

    public NoDefaultConstructor(String prefix) {
        this.prefix = prefix;
    }

    public void eval(@ArgumentHint(ROW_SEMANTIC_TABLE) Row input) {
        collect(prefix + input);
    }
}
