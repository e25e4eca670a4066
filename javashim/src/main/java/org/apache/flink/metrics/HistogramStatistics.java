package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

/** Statistics of the values recorded by a {@link Histogram}. */
@Public
public abstract class HistogramStatistics {

    public abstract double getQuantile(double quantile);

    public abstract long[] getValues();

    public abstract int size();

    public abstract double getMean();

    public abstract double getStdDev();

    public abstract long getMax();

    public abstract long getMin();
}
