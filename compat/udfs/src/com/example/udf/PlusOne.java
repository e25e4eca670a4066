package com.example.udf;

import org.apache.flink.table.functions.ScalarFunction;

/** A primitive parameter: INT NOT NULL in, INT NOT NULL out; a NULL argument gives NULL. */
public class PlusOne extends ScalarFunction {
    public int eval(int x) {
        return x + 1;
    }
}
