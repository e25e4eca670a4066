package com.example.demo;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * A PTF that fails on purpose: it throws for an item named "boom" (with a cause), so tests can
 * check that a user exception fails the job with the function, key, row and Java stack.
 */
@DataTypeHint("ROW<item STRING, seen BIGINT>")
public class Fragile extends ProcessTableFunction<Row> {

    public static class Seen {
        public long seen = 0L;
    }

    public void eval(
            @StateHint(name = "seen") Seen state,
            @ArgumentHint(value = ArgumentTrait.SET_SEMANTIC_TABLE, name = "input") Row input) {
        String item = input.getFieldAs("item");
        state.seen++;
        if ("boom".equals(item)) {
            throw new IllegalStateException(
                    "cannot process item 'boom'", new ArithmeticException("the cause"));
        }
        collect(Row.of(item, state.seen));
    }
}
