package org.apache.flink.table.api;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.catalog.ResolvedSchema;
import org.apache.flink.types.Row;
import org.apache.flink.util.CloseableIterator;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

/** The result of a statement or of {@link Table#execute()}; ptfhost runs it to its end. */
@PublicEvolving
public interface TableResult {

    ResultKind getResultKind();

    ResolvedSchema getResolvedSchema();

    void await() throws InterruptedException, ExecutionException;

    void await(long timeout, TimeUnit unit) throws InterruptedException, ExecutionException, TimeoutException;

    CloseableIterator<Row> collect();

    void print();
}
