package io.ptfhost.compat;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/**
 * State TTL: an entry with its own ttl, one with ttl "0" (never expires) and one that follows
 * 'table.exec.state.ttl'. Rows with op 'inc' write all three counters; rows with op 'read' only
 * read them, which must not refresh their expiry (Flink refreshes on create and write only).
 */
public class TtlState extends TraceFunction {

    public static class Counter {
        public Integer n;
    }

    public void eval(
            @StateHint(ttl = "10 s") Counter shortLived,
            @StateHint(ttl = "0") Counter forever,
            @StateHint Counter global,
            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row r) {
        String op = r.getFieldAs("op");
        if ("inc".equals(op)) {
            bump(shortLived);
            bump(forever);
            bump(global);
        }
        emit(op, shortLived.n, forever.n, global.n);
    }

    private static void bump(Counter c) {
        c.n = c.n == null ? 1 : c.n + 1;
    }
}
