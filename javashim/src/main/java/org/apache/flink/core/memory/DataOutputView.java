package org.apache.flink.core.memory;

import org.apache.flink.annotation.Public;

import java.io.DataOutput;
import java.io.IOException;

/** A {@link DataOutput} that serializers write to. */
@Public
public interface DataOutputView extends DataOutput {

    void skipBytesToWrite(int numBytes) throws IOException;

    void write(DataInputView source, int numBytes) throws IOException;
}
