package io.ptfhost.compat;

import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

/**
 * Base of most compat PTFs: one output column {@code out STRING} holding a "{a, b, ...}" trace.
 *
 * <p>Flink's own PTF test programs print what a function saw as a brace-wrapped list whose items
 * are rendered like the fields of {@link Row#toString()}. Reproducing that text exactly lets the
 * compat cases reuse Flink's expected rows verbatim. The class-level type hint is inherited by every
 * subclass, which is itself something the signature extraction must get right.
 */
@DataTypeHint("ROW<`out` STRING>")
public abstract class TraceFunction extends ProcessTableFunction<Row> {

    /** Emits {@code {v1, v2, ...}}, each value rendered as a field of a printed row. */
    protected final void emit(Object... values) {
        // Row.toString() gives "+I[v1, v2]"; keep what is between the brackets.
        String printed = Row.of(values).toString();
        collect(Row.of("{" + printed.substring(3, printed.length() - 1) + "}"));
    }

    protected final void traceEval(TimeContext<Long> time, Row row) {
        emit(String.format("Processing input row %s at time %s watermark %s",
                row, time.time(), time.currentWatermark()));
    }

    protected final void traceTimer(OnTimerContext ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        emit(String.format("Timer %s fired at time %s watermark %s",
                ctx.currentTimer(), time.time(), time.currentWatermark()));
    }

    /** Reports, then registers a named timer. */
    protected final void register(TimeContext<Long> time, String name, long at) {
        emit(String.format("Registering timer %s for %s at time %s watermark %s",
                name, at, time.time(), time.currentWatermark()));
        time.registerOnTime(name, at);
    }

    /** Reports, then registers an unnamed timer. */
    protected final void register(TimeContext<Long> time, long at) {
        emit(String.format("Registering timer for %s at time %s watermark %s",
                at, time.time(), time.currentWatermark()));
        time.registerOnTime(at);
    }

    protected final void clearNamed(TimeContext<Long> time, String name) {
        emit(String.format("Clearing timer %s at time %s watermark %s",
                name, time.time(), time.currentWatermark()));
        time.clearTimer(name);
    }

    protected final void clearUnnamed(TimeContext<Long> time, long at) {
        emit(String.format("Clearing timer %s at time %s watermark %s",
                at, time.time(), time.currentWatermark()));
        time.clearTimer(at);
    }

    protected final void clearAllTimers(TimeContext<Long> time) {
        emit(String.format("Clearing all timers at time %s watermark %s",
                time.time(), time.currentWatermark()));
        time.clearAllTimers();
    }
}
