package org.apache.flink.table.types.inference;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Optional;

/** The number of arguments an input type strategy accepts. */
@PublicEvolving
public interface ArgumentCount {

    boolean isValidCount(int count);

    Optional<Integer> getMinCount();

    Optional<Integer> getMaxCount();
}
