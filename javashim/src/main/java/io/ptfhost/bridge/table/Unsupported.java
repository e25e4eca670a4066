package io.ptfhost.bridge.table;

import org.apache.flink.table.api.TableException;

/** The one message of a call ptfhost's Table API does not have: the call, and why. */
public final class Unsupported {
    private Unsupported() {}

    public static TableException call(String call, String why) {
        return new TableException("ptfhost does not support " + call + ": " + why);
    }

    public static TableException dataStream(String call) {
        return new TableException("ptfhost does not run the DataStream API: " + call + " is not supported;"
                + " use TableEnvironment.create(EnvironmentSettings.inStreamingMode())");
    }
}
