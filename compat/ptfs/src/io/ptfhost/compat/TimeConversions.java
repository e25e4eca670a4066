package io.ptfhost.compat;

import java.time.Instant;
import java.time.LocalDateTime;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.types.Row;

/** TimeContext in all three conversion classes, for the row time and the watermark. */
public class TimeConversions extends TraceFunction {
    public void eval(Context ctx,
            @ArgumentHint({ArgumentTrait.ROW_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row r) {
        TimeContext<Long> asLong = ctx.timeContext(Long.class);
        TimeContext<Instant> asInstant = ctx.timeContext(Instant.class);
        TimeContext<LocalDateTime> asLocal = ctx.timeContext(LocalDateTime.class);
        emit(String.format(
                "Time (Long: %s, Instant: %s, LocalDateTime: %s), Watermark (Long: %s, Instant: %s, LocalDateTime: %s)",
                asLong.time(), asInstant.time(), asLocal.time(),
                asLong.currentWatermark(), asInstant.currentWatermark(), asLocal.currentWatermark()));
    }
}
