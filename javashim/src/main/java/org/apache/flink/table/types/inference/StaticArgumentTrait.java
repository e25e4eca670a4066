package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Set;

/**
 * Traits of a {@link StaticArgument}. {@link #SCALAR}, {@link #TABLE} and {@link #MODEL} are the
 * roots; every other trait requires the traits returned by {@link #getRequirements()}.
 * Declaration order is Flink 2.1 to 2.3's.
 */
@PublicEvolving
public enum StaticArgumentTrait {
    SCALAR(),
    TABLE(),
    MODEL(),
    ROW_SEMANTIC_TABLE(TABLE),
    SET_SEMANTIC_TABLE(TABLE),
    PASS_COLUMNS_THROUGH(TABLE),
    SUPPORT_UPDATES(TABLE),
    REQUIRE_ON_TIME(TABLE),
    OPTIONAL_PARTITION_BY(SET_SEMANTIC_TABLE),
    REQUIRE_UPDATE_BEFORE(SUPPORT_UPDATES),
    REQUIRE_FULL_DELETE(SUPPORT_UPDATES);

    private final Set<StaticArgumentTrait> requirements;

    StaticArgumentTrait(StaticArgumentTrait... requirements) {
        // EnumSet.of cannot be used here: the enum's own class is not initialised yet.
        Set<StaticArgumentTrait> set = new java.util.HashSet<>();
        Collections.addAll(set, requirements);
        this.requirements = set;
    }

    /** The traits an argument must also have when it has this trait. */
    public Set<StaticArgumentTrait> getRequirements() {
        return requirements;
    }

    /** Whether this trait is one of the roots {@code SCALAR}, {@code TABLE}, {@code MODEL}. */
    public boolean isRoot() {
        return this == SCALAR || this == TABLE || this == MODEL;
    }

    /** Traits that cannot be combined with this one. */
    public Set<StaticArgumentTrait> getIncompatibleWith() {
        switch (this) {
            case ROW_SEMANTIC_TABLE:
                return EnumSet.of(SET_SEMANTIC_TABLE);
            case SET_SEMANTIC_TABLE:
                return EnumSet.of(ROW_SEMANTIC_TABLE);
            default:
                return EnumSet.noneOf(StaticArgumentTrait.class);
        }
    }
}
