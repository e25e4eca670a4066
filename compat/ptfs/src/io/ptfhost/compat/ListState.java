package io.ptfhost.compat;

import java.util.Arrays;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.api.TableRuntimeException;
import org.apache.flink.table.api.dataview.ListView;
import org.apache.flink.types.Row;

/** ListView state: append, null rejection, and clearState once a key holds three entries. */
public class ListState extends TraceFunction {
    public void eval(Context ctx, @StateHint ListView<String> s,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.OPTIONAL_PARTITION_BY}) Row r)
            throws Exception {
        emit(s.getList(), s.getClass().getSimpleName(), r);
        int size = s.getList().size();
        s.add(String.valueOf(size));
        expectNullRejected(() -> s.add(null));
        expectNullRejected(() -> s.addAll(Arrays.asList("item0", null)));
        if (size == 2) {
            ctx.clearState("s");
        }
    }

    interface Action {
        void run() throws Exception;
    }

    /** Flink's list views refuse nulls; anything else fails the case loudly. */
    static void expectNullRejected(Action action) throws Exception {
        try {
            action.run();
        } catch (TableRuntimeException e) {
            if (e.getMessage() != null && e.getMessage().contains("List views don't support null values.")) {
                return;
            }
            throw new IllegalStateException("wrong message for a null list element: " + e.getMessage(), e);
        }
        throw new IllegalStateException("a list view accepted a null element");
    }
}
