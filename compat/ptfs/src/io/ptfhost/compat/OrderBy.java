package io.ptfhost.compat;

import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/** ORDER BY on a table argument: records the order rows arrive in and the watermarks they see. */
public class OrderBy extends TraceFunction {

    public static class Arrivals {
        public List<String> list = new ArrayList<>();
    }

    public void eval(Context ctx, @StateHint Arrivals arrivals,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row r) {
        arrivals.list.add(r.toString());
        TimeContext<Instant> time = ctx.timeContext(Instant.class);
        emit(time.currentWatermark(), time.tableWatermark(), time.time(), arrivals.list);
    }
}
