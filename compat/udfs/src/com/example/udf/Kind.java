package com.example.udf;

import org.apache.flink.table.functions.ScalarFunction;

/** Overloads: the argument types pick the eval. */
public class Kind extends ScalarFunction {
    public String eval(Integer i) {
        return "int:" + i;
    }

    public String eval(String s) {
        return "string:" + s;
    }

    public String eval(Double a, Double b) {
        return "doubles:" + (a == null || b == null ? null : a + b);
    }
}
