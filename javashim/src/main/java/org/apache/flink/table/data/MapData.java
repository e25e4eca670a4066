package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;

/** Internal representation of MAP values: parallel key and value arrays. */
@PublicEvolving
public interface MapData {

    int size();

    ArrayData keyArray();

    ArrayData valueArray();
}
