package org.apache.flink.api.common.typeutils;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

import java.io.IOException;

/**
 * The persisted configuration of a {@link TypeSerializer}, from which it can be restored.
 *
 * @param <T> the serialized type
 */
@PublicEvolving
public interface TypeSerializerSnapshot<T> {

    int getCurrentVersion();

    void writeSnapshot(DataOutputView out) throws IOException;

    void readSnapshot(int readVersion, DataInputView in, ClassLoader userCodeClassLoader) throws IOException;

    TypeSerializer<T> restoreSerializer();
}
