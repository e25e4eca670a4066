package com.example.udf;

import org.apache.flink.table.functions.ScalarFunction;

/** Not deterministic: called for every row, never reduced to a constant. */
public class Counter extends ScalarFunction {
    private long calls;

    public long eval() {
        return ++calls;
    }

    @Override
    public boolean isDeterministic() {
        return false;
    }
}
