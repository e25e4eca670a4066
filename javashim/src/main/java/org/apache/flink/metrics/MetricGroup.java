package org.apache.flink.metrics;

import org.apache.flink.annotation.Public;

import java.util.Map;

/**
 * A named group of metrics and subgroups. Implemented by the framework; ptfhost's bridge decides
 * where registered metrics are reported.
 */
@Public
public interface MetricGroup {

    /** Creates and registers a new {@link SimpleCounter}. */
    default Counter counter(String name) {
        return counter(name, new SimpleCounter());
    }

    <C extends Counter> C counter(String name, C counter);

    <T, G extends Gauge<T>> G gauge(String name, G gauge);

    <H extends Histogram> H histogram(String name, H histogram);

    <M extends Meter> M meter(String name, M meter);

    MetricGroup addGroup(String name);

    MetricGroup addGroup(String key, String value);

    default MetricGroup addGroup(int name) {
        return addGroup(String.valueOf(name));
    }

    String[] getScopeComponents();

    Map<String, String> getAllVariables();

    String getMetricIdentifier(String metricName);
}
