package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * Internal representation of RAW values.
 *
 * @param <T> the Java class of the value
 */
@PublicEvolving
public interface RawValueData<T> {

    T toObject(TypeSerializer<T> serializer);

    byte[] toBytes(TypeSerializer<T> serializer);
}
