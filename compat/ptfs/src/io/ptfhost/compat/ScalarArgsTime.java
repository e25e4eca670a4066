package io.ptfhost.compat;

/** Without a table there is no time and no watermark. */
public class ScalarArgsTime extends TraceFunction {
    public void eval(Context ctx) {
        TimeContext<Long> time = ctx.timeContext(Long.class);
        emit(String.format("Time %s and watermark %s", time.time(), time.currentWatermark()));
    }
}
