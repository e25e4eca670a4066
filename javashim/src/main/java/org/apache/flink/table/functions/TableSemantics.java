package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.types.DataType;

import java.util.List;
import java.util.Optional;

/**
 * How a table argument is passed to a process table function: its type, PARTITION BY and ORDER
 * BY columns, time attribute and changelog mode. Implemented by the framework; it carries the
 * union of the methods of Flink 2.0 to 2.3 so that JARs compiled against any of them link.
 */
@PublicEvolving
public interface TableSemantics {

    /** The declared data type, or a ROW of the actual table for polymorphic arguments. */
    DataType dataType();

    /** Indices of the PARTITION BY columns; empty if none. */
    int[] partitionByColumns();

    /** Indices of the ORDER BY columns; empty if none. */
    int[] orderByColumns();

    /** Sort direction of each {@link #orderByColumns()} entry (Flink 2.3+). */
    SortDirection[] orderByDirections();

    /** Index of the {@code on_time} column, or -1. */
    int timeColumn();

    /** Names of co-partitioned table arguments (Flink 2.0 only; empty here). */
    List<String> coPartitionArgs();

    /** The changelog mode of the input; empty during type inference. */
    Optional<ChangelogMode> changelogMode();

    /** Sort direction and null ordering of one ORDER BY column. */
    @PublicEvolving
    enum SortDirection {
        ASC_NULLS_FIRST(false, true),
        ASC_NULLS_LAST(false, false),
        DESC_NULLS_FIRST(true, true),
        DESC_NULLS_LAST(true, false);

        private final boolean descending;

        private final boolean nullsFirst;

        SortDirection(boolean descending, boolean nullsFirst) {
            this.descending = descending;
            this.nullsFirst = nullsFirst;
        }

        public boolean isDescending() {
            return descending;
        }

        public boolean isNullsFirst() {
            return nullsFirst;
        }

        public boolean isNullsLast() {
            return !nullsFirst;
        }
    }
}
