package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;

/** A table and the sink it is written to ({@link Table#insertInto(String)}). */
@PublicEvolving
public interface TablePipeline {

    TableResult execute();
}
