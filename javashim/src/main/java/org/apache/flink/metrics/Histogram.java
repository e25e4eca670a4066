package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/** A metric recording the distribution of long values. */
@Public
public interface Histogram extends Metric {

    void update(long value);

    long getCount();

    HistogramStatistics getStatistics();

    @Override
    default MetricType getMetricType() {
        return MetricType.HISTOGRAM;
    }
}
