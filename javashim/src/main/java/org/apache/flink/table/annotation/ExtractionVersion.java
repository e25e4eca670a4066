package org.apache.flink.table.annotation;

import org.apache.flink.annotation.PublicEvolving;

/** Version of the type extraction logic, so that the logic can evolve without breaking plans. */
@PublicEvolving
public enum ExtractionVersion {

    /** Not set; the latest version applies. */
    UNKNOWN,

    /** The first and current version. */
    V1
}
