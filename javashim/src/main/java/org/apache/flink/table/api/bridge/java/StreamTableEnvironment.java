package org.apache.flink.table.api.bridge.java;

import io.ptfhost.bridge.table.Unsupported;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;

/** The DataStream bridge: ptfhost has no DataStream API, so creating one fails naming the call. */
@PublicEvolving
public interface StreamTableEnvironment extends TableEnvironment {

    static StreamTableEnvironment create(StreamExecutionEnvironment executionEnvironment) {
        throw Unsupported.dataStream("StreamTableEnvironment.create(StreamExecutionEnvironment)");
    }

    static StreamTableEnvironment create(StreamExecutionEnvironment executionEnvironment,
            EnvironmentSettings settings) {
        throw Unsupported.dataStream("StreamTableEnvironment.create(StreamExecutionEnvironment, EnvironmentSettings)");
    }
}
