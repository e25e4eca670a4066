package com.example.udf;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.functions.ScalarFunction;

/** A class-level hint applies to every eval: eval(String) cannot take its INT. */
@FunctionHint(input = @DataTypeHint("INT"), output = @DataTypeHint("STRING"))
public class Mismatched extends ScalarFunction {
    public String eval(Integer i) {
        return "int:" + i;
    }

    public String eval(String s) {
        return "string:" + s;
    }
}
