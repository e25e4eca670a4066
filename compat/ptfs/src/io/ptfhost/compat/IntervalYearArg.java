package io.ptfhost.compat;

import java.time.Period;

/** INTERVAL YEAR TO MONTH scalar argument arrives as java.time.Period. */
public class IntervalYearArg extends TraceFunction {
    public void eval(Period p) {
        emit(p);
    }
}
