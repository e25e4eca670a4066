package com.example.udf;

import org.apache.flink.table.functions.AggregateFunction;

/** An aggregate function: ptfhost does not run this kind. */
public class Total extends AggregateFunction<Long, long[]> {}
