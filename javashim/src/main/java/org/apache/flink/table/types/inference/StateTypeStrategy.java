package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;

import java.time.Duration;
import java.util.Optional;

/** The type strategy of one state entry of a process table function, plus its time-to-live. */
@PublicEvolving
public interface StateTypeStrategy extends TypeStrategy {

    static StateTypeStrategy of(TypeStrategy typeStrategy) {
        return of(typeStrategy, null);
    }

    /** {@code timeToLive} null means the pipeline-wide state TTL applies. */
    static StateTypeStrategy of(TypeStrategy typeStrategy, Duration timeToLive) {
        return new StateTypeStrategyWrapper(typeStrategy, timeToLive);
    }

    /** The entry's time-to-live, empty if the pipeline-wide state TTL applies. */
    Optional<Duration> getTimeToLive(CallContext callContext);
}
