package org.apache.flink.api.common.typeutils;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;
import java.io.Serializable;

/**
 * Serializes values of one type. In ptfhost it exists so that RAW types and the {@code
 * rawSerializer} element of {@code @DataTypeHint} link; state is encoded by the bridge's codec.
 *
 * @param <T> the serialized type
 */
@PublicEvolving
public abstract class TypeSerializer<T> implements Serializable {

    private static final long serialVersionUID = 1L;

    public abstract boolean isImmutableType();

    public abstract TypeSerializer<T> duplicate();

    public abstract T createInstance();

    public abstract T copy(T from);

    public abstract T copy(T from, T reuse);

    /** Fixed length in bytes, or -1 for variable length. */
    public abstract int getLength();

    public abstract void serialize(T record, DataOutputView target) throws IOException;

    public abstract T deserialize(DataInputView source) throws IOException;

    public abstract T deserialize(T reuse, DataInputView source) throws IOException;

    public abstract void copy(DataInputView source, DataOutputView target) throws IOException;

    @Override
    public abstract boolean equals(Object obj);

    @Override
    public abstract int hashCode();

    public abstract TypeSerializerSnapshot<T> snapshotConfiguration();
}
