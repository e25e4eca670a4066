package org.apache.flink.core.memory;

import org.apache.flink.annotation.Public;

import java.io.DataInput;
import java.io.IOException;

/** A {@link DataInput} that serializers read from. */
@Public
public interface DataInputView extends DataInput {

    void skipBytesToRead(int numBytes) throws IOException;

    int read(byte[] b, int off, int len) throws IOException;

    int read(byte[] b) throws IOException;
}
