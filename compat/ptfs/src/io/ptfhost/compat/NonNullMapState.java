package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.api.dataview.MapView;
import org.apache.flink.types.Row;

/** MapView state for restore tests: MapState's counting without null keys or values, clearState at count 2. */
public class NonNullMapState extends TraceFunction {
    public void eval(Context ctx, @StateHint MapView<String, Integer> s,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row r)
            throws Exception {
        emit(MapState.sorted(s), s.getClass().getSimpleName(), r);
        String name = r.getFieldAs("name");
        int count = s.contains(name) ? s.get(name) : 1;
        s.put("old" + name, count);
        s.put(name, count + 1);
        if (count == 2) {
            ctx.clearState("s");
        }
    }
}
