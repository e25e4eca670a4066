package org.apache.flink.table.annotation;

import org.apache.flink.annotation.Internal;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/** Marker for "no RAW serializer given": the default of {@link DataTypeHint#rawSerializer()}. */
@Internal
abstract class UnknownSerializer extends TypeSerializer<Object> {

    private static final long serialVersionUID = 1L;

    private UnknownSerializer() {}
}
