package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/** A metric that counts. */
@Public
public interface Counter extends Metric {

    void inc();

    void inc(long n);

    void dec();

    void dec(long n);

    long getCount();

    @Override
    default MetricType getMetricType() {
        return MetricType.COUNTER;
    }
}
