package com.example.demo;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * The PTF of ptfhost's demo job: per partition key, counts the rows seen so far and emits each
 * row's {@code item} together with the running count. Names are explicit, so the class describes
 * the same with or without {@code javac -parameters}.
 */
@DataTypeHint("ROW<item STRING, running_count BIGINT>")
public class RunningCount extends ProcessTableFunction<Row> {

    public static class CountState {
        public long count = 0L;
    }

    public void eval(
            @StateHint(name = "counter") CountState state,
            @ArgumentHint(value = ArgumentTrait.SET_SEMANTIC_TABLE, name = "input") Row input) {
        state.count++;
        collect(Row.of(input.getFieldAs("item"), state.count));
    }
}
