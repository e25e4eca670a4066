package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/** The kind of a metric. */
@Public
public enum MetricType {
    COUNTER,
    METER,
    GAUGE,
    HISTOGRAM
}
