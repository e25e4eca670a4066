package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.externalresource.ExternalResourceInfo;
import org.apache.flink.api.common.functions.RuntimeContext;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.metrics.MetricGroup;
import org.apache.flink.metrics.groups.UnregisteredMetricsGroup;
import org.apache.flink.table.api.TableException;

import java.io.File;
import java.util.Map;
import java.util.Set;

/**
 * Runtime information for {@link UserDefinedFunction#open}: metric group, cached files, global
 * job parameters, user class loader. Depending on where a function runs not all of it is
 * available; then the calls fail (or, for metrics, return a group that records nothing).
 */
@PublicEvolving
public class FunctionContext {

    private static final UnregisteredMetricsGroup DEFAULT_METRICS_GROUP = new UnregisteredMetricsGroup();

    private final RuntimeContext context;

    private final ClassLoader userClassLoader;

    private final Map<String, String> jobParameters;

    public FunctionContext(RuntimeContext context, ClassLoader userClassLoader, Configuration jobParameters) {
        this.context = context;
        this.userClassLoader = userClassLoader;
        this.jobParameters = jobParameters != null ? jobParameters.toMap() : null;
    }

    public FunctionContext(RuntimeContext context) {
        this(context, null, null);
    }

    /** The metric group of this parallel instance; records nothing if there is no runtime. */
    public MetricGroup getMetricGroup() {
        if (context == null) {
            return DEFAULT_METRICS_GROUP;
        }
        return context.getMetricGroup();
    }

    /** The local copy of a distributed-cache file. */
    public File getCachedFile(String name) {
        if (context == null) {
            throw notAvailable("getCachedFile");
        }
        return context.getDistributedCache().getFile(name);
    }

    /** A global job parameter, or {@code defaultValue} if it is not set. */
    public String getJobParameter(String key, String defaultValue) {
        if (context == null && jobParameters == null) {
            throw notAvailable("getJobParameter");
        }
        if (context == null) {
            return jobParameters.getOrDefault(key, defaultValue);
        }
        return context.getGlobalJobParameters().getOrDefault(key, defaultValue);
    }

    /** External resources (e.g. GPUs) of the given name. */
    public Set<ExternalResourceInfo> getExternalResourceInfos(String resourceName) {
        if (context == null) {
            throw notAvailable("getExternalResourceInfos");
        }
        return context.getExternalResourceInfos(resourceName);
    }

    /** The class loader of the user JAR. */
    public ClassLoader getUserCodeClassLoader() {
        if (context == null && userClassLoader == null) {
            throw notAvailable("getUserCodeClassLoader");
        }
        return context == null ? userClassLoader : context.getUserCodeClassLoader();
    }

    private static TableException notAvailable(String method) {
        return new TableException(
                "Calls to FunctionContext." + method + " are not available at the current location.");
    }
}
