package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.types.inference.StaticArgumentTrait;

/**
 * Traits of an {@link ArgumentHint}. {@link #SCALAR}, {@link #ROW_SEMANTIC_TABLE} and {@link
 * #SET_SEMANTIC_TABLE} are roots (an argument has exactly one); the others refine a table
 * argument. Declaration order is Flink 2.1 to 2.3's: user JARs link by name, but {@code
 * ordinal()}, {@code values()} and {@code EnumSet} layout depend on it.
 */
@PublicEvolving
public enum ArgumentTrait {

    /** A scalar value argument; the default when no hint is given. */
    SCALAR(true, StaticArgumentTrait.SCALAR),

    /** A table processed row by row, without correlation between rows (row semantics). */
    ROW_SEMANTIC_TABLE(true, StaticArgumentTrait.ROW_SEMANTIC_TABLE),

    /** A table processed per set of rows co-located by PARTITION BY (set semantics). */
    SET_SEMANTIC_TABLE(true, StaticArgumentTrait.SET_SEMANTIC_TABLE),

    /** PARTITION BY may be omitted for a set semantic table (then one processor sees all rows). */
    OPTIONAL_PARTITION_BY(false, StaticArgumentTrait.OPTIONAL_PARTITION_BY),

    /** All input columns prefix the output row, not only the PARTITION BY columns. */
    PASS_COLUMNS_THROUGH(false, StaticArgumentTrait.PASS_COLUMNS_THROUGH),

    /** The table argument may be an updating table (not only inserts). */
    SUPPORT_UPDATES(false, StaticArgumentTrait.SUPPORT_UPDATES),

    /** Updates must arrive in retract form, with UPDATE_BEFORE rows. */
    REQUIRE_UPDATE_BEFORE(false, StaticArgumentTrait.REQUIRE_UPDATE_BEFORE),

    /** DELETE rows must carry all columns, not only the key. */
    REQUIRE_FULL_DELETE(false, StaticArgumentTrait.REQUIRE_FULL_DELETE),

    /** The {@code on_time} argument is mandatory for this table. */
    REQUIRE_ON_TIME(false, StaticArgumentTrait.REQUIRE_ON_TIME);

    private final boolean isRoot;

    private final StaticArgumentTrait staticTrait;

    ArgumentTrait(boolean isRoot, StaticArgumentTrait staticTrait) {
        this.isRoot = isRoot;
        this.staticTrait = staticTrait;
    }

    public boolean isRoot() {
        return isRoot;
    }

    public StaticArgumentTrait toStaticTrait() {
        return staticTrait;
    }
}
