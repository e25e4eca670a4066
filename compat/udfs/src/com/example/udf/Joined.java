package com.example.udf;

import org.apache.flink.table.functions.ScalarFunction;

/** Varargs: the separator, then any number of strings. */
public class Joined extends ScalarFunction {
    public String eval(String sep, String... parts) {
        return String.join(sep, parts);
    }
}
