package com.example.udf;

import org.apache.flink.table.functions.ScalarFunction;

/** Throws for 2: the job fails naming the function, the arguments and this stack. */
public class Fails extends ScalarFunction {
    public Integer eval(Integer x) {
        if (x != null && x == 2) {
            throw new IllegalStateException("no twos here");
        }
        return x;
    }
}
