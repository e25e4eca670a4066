package org.apache.flink.util;

import org.apache.flink.annotation.Public;

/**
 * Receives the records a function emits. The runtime (ptfhost's bridge) implements it and hands
 * it to {@code ProcessTableFunction#setCollector}.
 *
 * @param <T> the type of the collected records
 */
@Public
public interface Collector<T> {

    /** Emits one record. */
    void collect(T record);

    /** Closes the collector; no record may be collected afterwards. */
    void close();
}
