package io.ptfhost.compat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** ORDER BY on two table arguments: per-input arrival order and per-input watermark. */
public class MultiInputOrderBy extends TraceFunction {

    public static class Arrivals {
        public List<String> list1 = new ArrayList<>();
        public List<String> list2 = new ArrayList<>();
    }

    public void eval(Context ctx, @StateHint Arrivals arrivals,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in1,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row in2) {
        TimeContext<Instant> time = ctx.timeContext(Instant.class);
        if (in1 != null) {
            arrivals.list1.add(in1.toString());
            emit("in1", time.tableWatermark(), time.time(), arrivals.list1);
        }
        if (in2 != null) {
            arrivals.list2.add(in2.toString());
            emit("in2", time.tableWatermark(), time.time(), arrivals.list2);
        }
    }
}
