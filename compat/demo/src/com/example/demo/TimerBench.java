package com.example.demo;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * Benchmark PTF (bench/timers.sh): with {@code timers = true} every row registers one unnamed
 * timer at its own {@code k}; {@code onTimer} does nothing, so the end-of-input watermark fires
 * one empty {@code onTimer} call per row. With {@code timers = false} the same rows run without
 * timers, which is the baseline the benchmark subtracts.
 */
@DataTypeHint("ROW<n BIGINT>")
public class TimerBench extends ProcessTableFunction<Row> {

    public void eval(
            Context ctx,
            @ArgumentHint(value = ArgumentTrait.SET_SEMANTIC_TABLE, name = "input") Row input,
            @ArgumentHint(name = "timers") Boolean timers) {
        if (Boolean.TRUE.equals(timers)) {
            Long k = input.getFieldAs("k");
            ctx.timeContext(Long.class).registerOnTime(k);
        }
    }

    public void onTimer(OnTimerContext ctx) {}
}
