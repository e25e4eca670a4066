package io.ptfhost.compat;

import java.time.Instant;
import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.types.Row;

/**
 * Joins scores with cities per name; a score without a city is reported by a timeout one second
 * after it (a named timer, cleared once the pair is complete).
 */
public class TimedJoin extends TraceFunction {

    public static class LastScore {
        public Integer value;
    }

    public static class LastCity {
        public String value;
    }

    public void eval(Context ctx, @StateHint LastScore score, @StateHint LastCity city,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row scoreTable,
            @ArgumentHint({ArgumentTrait.SET_SEMANTIC_TABLE, ArgumentTrait.REQUIRE_ON_TIME}) Row cityTable) {
        TimeContext<Instant> time = ctx.timeContext(Instant.class);
        if (scoreTable != null) {
            score.value = scoreTable.getFieldAs("score");
            time.registerOnTime("timeout", time.time().plusMillis(1000));
        }
        if (cityTable != null) {
            city.value = cityTable.getFieldAs("city");
        }
        if (score.value != null && city.value != null) {
            collect(Row.of(score.value + " score in city " + city.value));
            ctx.clearAllTimers();
        }
    }

    public void onTimer(OnTimerContext ctx, LastScore score, LastCity city) {
        collect(Row.of("no city found for score " + score.value));
        score.value = null;
    }
}
