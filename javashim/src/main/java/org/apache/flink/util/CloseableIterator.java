package org.apache.flink.util;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Iterator;

/** An {@link Iterator} that holds resources until it is closed. */
@PublicEvolving
public interface CloseableIterator<T> extends Iterator<T>, AutoCloseable {}
