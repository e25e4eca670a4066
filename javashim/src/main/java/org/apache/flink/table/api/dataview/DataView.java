package org.apache.flink.table.api.dataview;

import org.apache.flink.annotation.PublicEvolving;

import java.io.Serializable;

/**
 * A collection-like state entry (list or map) whose content may live in a state backend rather
 * than on the heap; ptfhost substitutes subclasses backed by C-owned keyed state.
 */
@PublicEvolving
public interface DataView extends Serializable {

    /** Removes all content. */
    void clear();
}
