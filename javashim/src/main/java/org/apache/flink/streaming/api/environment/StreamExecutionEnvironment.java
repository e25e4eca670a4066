package org.apache.flink.streaming.api.environment;

import org.apache.flink.annotation.Public;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.api.TableException;

/**
 * The DataStream API's entry point. ptfhost runs Table API programs only: getting an environment
 * fails naming the call, instead of a NoClassDefFoundError.
 */
@Public
public class StreamExecutionEnvironment implements AutoCloseable {

    private StreamExecutionEnvironment() {}

    static TableException unsupported(String call) {
        return new TableException("ptfhost does not run the DataStream API: " + call + " is not supported;"
                + " use TableEnvironment.create(EnvironmentSettings.inStreamingMode())");
    }

    public static StreamExecutionEnvironment getExecutionEnvironment() {
        throw unsupported("StreamExecutionEnvironment.getExecutionEnvironment()");
    }

    public static StreamExecutionEnvironment getExecutionEnvironment(Configuration configuration) {
        throw unsupported("StreamExecutionEnvironment.getExecutionEnvironment(Configuration)");
    }

    @Override
    public void close() {}
}
