package org.apache.flink.api.common.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.cache.DistributedCache;
import org.apache.flink.api.common.externalresource.ExternalResourceInfo;
import org.apache.flink.metrics.MetricGroup;

import java.util.Map;
import java.util.Set;

/**
 * The runtime information of a parallel function instance, as far as table functions reach it
 * through {@code FunctionContext}. Implemented by the framework (ptfhost's bridge).
 */
@PublicEvolving
public interface RuntimeContext {

    /** The metric group of this parallel instance. */
    MetricGroup getMetricGroup();

    /** The class loader of the user JAR. */
    ClassLoader getUserCodeClassLoader();

    /** The global job parameters. */
    Map<String, String> getGlobalJobParameters();

    /** Files registered in the distributed cache. */
    DistributedCache getDistributedCache();

    /** External resources of the given name. */
    Set<ExternalResourceInfo> getExternalResourceInfos(String resourceName);
}
