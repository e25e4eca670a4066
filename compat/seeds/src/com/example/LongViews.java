package com.example;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

@DataTypeHint("ROW<url STRING, view_time INT>")
public class LongViews extends ProcessTableFunction<Row> {
    public void eval(
            @ArgumentHint(value = ArgumentTrait.ROW_SEMANTIC_TABLE, name = "input") Row input,
            @ArgumentHint(name = "min_view_time") int minViewTime) {
        Integer viewTime = input.getFieldAs("view_time");
        if (viewTime != null && viewTime >= minViewTime) {
            collect(Row.of(input.getFieldAs("url"), viewTime));
        }
    }
}
