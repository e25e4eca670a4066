package io.ptfhost.compat;

import java.util.HashMap;
import java.util.Map;
import java.util.StringJoiner;
import java.util.TreeSet;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.api.TableRuntimeException;
import org.apache.flink.table.api.dataview.MapView;
import org.apache.flink.types.Row;

/** MapView state: put/get/contains, null keys rejected, null values kept, clearState at count 2. */
public class MapState extends TraceFunction {
    public void eval(Context ctx, @StateHint MapView<String, Integer> s,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row r)
            throws Exception {
        emit(sorted(s), s.getClass().getSimpleName(), r);
        String name = r.getFieldAs("name");
        int count = s.contains(name) ? s.get(name) : 1;
        s.put("old" + name, count);
        s.put(name, count + 1);

        expectNullKeyRejected(() -> s.put(null, 42));
        Map<String, Integer> withNullKey = new HashMap<>();
        withNullKey.put("key", 42);
        withNullKey.put(null, 42);
        expectNullKeyRejected(() -> s.putAll(withNullKey));
        s.put("nullValue", null);

        if (count == 2) {
            ctx.clearState("s");
        }
    }

    /** Entries as "k=v" sorted as strings, so the text does not depend on hash order. */
    static String sorted(MapView<String, ?> view) throws Exception {
        TreeSet<String> entries = new TreeSet<>();
        for (Map.Entry<String, ?> e : view.entries()) {
            entries.add(e.getKey() + "=" + e.getValue());
        }
        StringJoiner out = new StringJoiner(", ", "{", "}");
        entries.forEach(out::add);
        return out.toString();
    }

    static void expectNullKeyRejected(ListState.Action action) throws Exception {
        try {
            action.run();
        } catch (TableRuntimeException e) {
            if (e.getMessage() != null && e.getMessage().contains("Map views don't support null keys.")) {
                return;
            }
            throw new IllegalStateException("wrong message for a null map key: " + e.getMessage(), e);
        }
        throw new IllegalStateException("a map view accepted a null key");
    }
}
