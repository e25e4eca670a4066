package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/** Common super interface of all metrics. */
@Public
public interface Metric {

    default MetricType getMetricType() {
        throw new UnsupportedOperationException("Custom metric types are not supported.");
    }
}
