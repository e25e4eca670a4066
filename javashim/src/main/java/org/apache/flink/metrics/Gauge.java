package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/**
 * A metric that reports a value on demand.
 *
 * @param <T> the value type
 */
@Public
public interface Gauge<T> extends Metric {

    T getValue();

    @Override
    default MetricType getMetricType() {
        return MetricType.GAUGE;
    }
}
