package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.configuration.Configuration;

/** How a {@link TableEnvironment} runs; ptfhost runs streaming mode only. */
@PublicEvolving
public class EnvironmentSettings {
    private final boolean streaming;
    private final Configuration configuration;

    private EnvironmentSettings(boolean streaming, Configuration configuration) {
        this.streaming = streaming;
        this.configuration = configuration;
    }

    public static EnvironmentSettings inStreamingMode() {
        return newInstance().inStreamingMode().build();
    }

    public static EnvironmentSettings inBatchMode() {
        return newInstance().inBatchMode().build();
    }

    public static Builder newInstance() {
        return new Builder();
    }

    public boolean isStreamingMode() {
        return streaming;
    }

    public Configuration getConfiguration() {
        return configuration;
    }

    /** Builds {@link EnvironmentSettings}. */
    @PublicEvolving
    public static class Builder {
        private boolean streaming = true;
        private Configuration configuration = new Configuration();

        public Builder inStreamingMode() {
            streaming = true;
            return this;
        }

        public Builder inBatchMode() {
            streaming = false;
            return this;
        }

        public Builder withConfiguration(Configuration configuration) {
            this.configuration = configuration;
            return this;
        }

        public EnvironmentSettings build() {
            return new EnvironmentSettings(streaming, configuration);
        }
    }
}
