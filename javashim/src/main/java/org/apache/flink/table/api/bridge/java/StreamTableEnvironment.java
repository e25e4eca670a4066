package org.apache.flink.table.api.bridge.java;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.table.api.EnvironmentSettings;
import org.apache.flink.table.api.TableEnvironment;
import org.apache.flink.table.api.TableException;

/** The DataStream bridge: ptfhost has no DataStream API, so creating one fails naming the call. */
@PublicEvolving
public interface StreamTableEnvironment extends TableEnvironment {

    static StreamTableEnvironment create(StreamExecutionEnvironment executionEnvironment) {
        throw unsupported("StreamTableEnvironment.create(StreamExecutionEnvironment)");
    }

    static StreamTableEnvironment create(StreamExecutionEnvironment executionEnvironment,
            EnvironmentSettings settings) {
        throw unsupported("StreamTableEnvironment.create(StreamExecutionEnvironment, EnvironmentSettings)");
    }

    private static TableException unsupported(String call) {
        return new TableException("ptfhost does not run the DataStream API: " + call + " is not supported;"
                + " use TableEnvironment.create(EnvironmentSettings.inStreamingMode())");
    }
}
