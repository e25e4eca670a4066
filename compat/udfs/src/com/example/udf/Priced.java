package com.example.udf;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.FunctionHint;
import org.apache.flink.table.functions.ScalarFunction;

import java.math.BigDecimal;

/** A class-level output-only hint applies to every eval. */
@FunctionHint(output = @DataTypeHint("DECIMAL(10, 2)"))
public class Priced extends ScalarFunction {
    public BigDecimal eval(Integer cents) {
        return cents == null ? null : BigDecimal.valueOf(cents, 2);
    }

    public BigDecimal eval(String text) {
        return text == null ? null : new BigDecimal(text);
    }
}
