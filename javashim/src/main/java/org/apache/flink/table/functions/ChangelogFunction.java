package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.connector.ChangelogMode;

/**
 * Implemented by a process table function that emits updates rather than inserts only. The
 * planner asks for the output mode, possibly several times, given the input modes and the mode
 * downstream operators require.
 */
@PublicEvolving
public interface ChangelogFunction extends FunctionDefinition {

    /** Returns the changelog mode this function emits in the given situation. */
    ChangelogMode getChangelogMode(ChangelogContext changelogContext);

    /** What the planner knows when asking for the output changelog mode. */
    @PublicEvolving
    interface ChangelogContext {

        /** The changelog mode of the table argument at the given position; null for a scalar. */
        ChangelogMode getTableChangelogMode(int pos);

        /** The changelog mode downstream operators require. */
        ChangelogMode getRequiredChangelogMode();
    }
}
