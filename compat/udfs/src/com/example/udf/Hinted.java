package com.example.udf;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.functions.ScalarFunction;

/** Class-level hints define the overloads; the one generic eval runs them all. */
@FunctionHint(input = {@DataTypeHint("INT"), @DataTypeHint("INT")}, output = @DataTypeHint("BIGINT"))
@FunctionHint(arguments = @ArgumentHint(name = "s", type = @DataTypeHint("STRING")), output = @DataTypeHint("BIGINT"))
@FunctionHint(input = {@DataTypeHint("STRING"), @DataTypeHint("INT")}, isVarArgs = true,
        argumentNames = {"sep", "n"}, output = @DataTypeHint("BIGINT"))
public class Hinted extends ScalarFunction {
    public Long eval(Object... xs) {
        long sum = 0;
        for (Object x : xs) {
            if (x == null) {
                return null;
            }
            sum += x instanceof String ? ((String) x).length() : ((Integer) x).longValue();
        }
        return sum * 10 + xs.length;
    }
}
