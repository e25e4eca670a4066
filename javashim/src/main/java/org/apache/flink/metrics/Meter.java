package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/** A metric measuring a rate of events. */
@Public
public interface Meter extends Metric {

    void markEvent();

    void markEvent(long n);

    double getRate();

    long getCount();

    @Override
    default MetricType getMetricType() {
        return MetricType.METER;
    }
}
