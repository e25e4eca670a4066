package com.example.udf;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.ScalarFunction;

import java.math.BigDecimal;

/** open() runs before the first eval; hints give the types. */
public class Prefixed extends ScalarFunction {
    private String prefix = "not opened";

    @Override
    public void open(FunctionContext context) {
        prefix = "opened";
    }

    public String eval(String s) {
        return prefix + ":" + s;
    }

    public @DataTypeHint("DECIMAL(10, 2)") BigDecimal eval(@DataTypeHint("DECIMAL(10, 2)") BigDecimal d) {
        return d.add(BigDecimal.ONE);
    }
}
