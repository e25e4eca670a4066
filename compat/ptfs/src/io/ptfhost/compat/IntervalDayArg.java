package io.ptfhost.compat;

import java.time.Duration;

/** INTERVAL DAY TO SECOND scalar argument arrives as java.time.Duration. */
public class IntervalDayArg extends TraceFunction {
    public void eval(Duration d) {
        emit(d);
    }
}
