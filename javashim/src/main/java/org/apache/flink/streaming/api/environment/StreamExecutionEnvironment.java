package org.apache.flink.streaming.api.environment;

import io.ptfhost.bridge.table.Unsupported;

import org.apache.flink.annotation.Public;
import org.apache.flink.configuration.Configuration;

/**
 * The DataStream API's entry point. ptfhost runs Table API programs only: getting an environment
 * fails naming the call, instead of a NoClassDefFoundError.
 */
@Public
public class StreamExecutionEnvironment implements AutoCloseable {

    private StreamExecutionEnvironment() {}

    public static StreamExecutionEnvironment getExecutionEnvironment() {
        throw Unsupported.dataStream("StreamExecutionEnvironment.getExecutionEnvironment()");
    }

    public static StreamExecutionEnvironment getExecutionEnvironment(Configuration configuration) {
        throw Unsupported.dataStream("StreamExecutionEnvironment.getExecutionEnvironment(Configuration)");
    }

    @Override
    public void close() {}
}
