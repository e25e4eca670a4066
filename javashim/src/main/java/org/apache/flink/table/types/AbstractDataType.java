package org.apache.flink.table.types;

import org.apache.flink.annotation.PublicEvolving;

/**
 * A data type that may still be unresolved ({@link UnresolvedDataType}) or is resolved ({@link
 * DataType}); both can be refined fluently.
 *
 * @param <T> the kind of data type returned by the refinements
 */
@PublicEvolving
public interface AbstractDataType<T extends AbstractDataType<T>> {

    /** The same type with {@code NOT NULL}. */
    T notNull();

    /** The same type, nullable. */
    T nullable();

    /** The same type converting to and from the given Java class. */
    T bridgedTo(Class<?> newConversionClass);

    /** The same type converting to Flink's internal data structures. */
    T toInternal();
}
