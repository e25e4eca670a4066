package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.Internal;
import org.apache.flink.table.types.DataType;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/** A {@link StateTypeStrategy} built from a {@link TypeStrategy} and a fixed TTL. */
@Internal
class StateTypeStrategyWrapper implements StateTypeStrategy {

    private final TypeStrategy typeStrategy;

    private final Duration timeToLive;

    StateTypeStrategyWrapper(TypeStrategy typeStrategy, Duration timeToLive) {
        this.typeStrategy = Objects.requireNonNull(typeStrategy, "Type strategy must not be null.");
        this.timeToLive = timeToLive;
    }

    @Override
    public Optional<DataType> inferType(CallContext callContext) {
        return typeStrategy.inferType(callContext);
    }

    @Override
    public Optional<Duration> getTimeToLive(CallContext callContext) {
        return Optional.ofNullable(timeToLive);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof StateTypeStrategyWrapper)) {
            return false;
        }
        StateTypeStrategyWrapper that = (StateTypeStrategyWrapper) o;
        return typeStrategy.equals(that.typeStrategy) && Objects.equals(timeToLive, that.timeToLive);
    }

    @Override
    public int hashCode() {
        return Objects.hash(typeStrategy, timeToLive);
    }
}
