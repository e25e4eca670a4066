package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.codec.Codec;
import io.ptfhost.bridge.codec.CodecOutput;
import io.ptfhost.bridge.codec.CompositeCodec;

import org.apache.flink.table.api.TableRuntimeException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;
import org.apache.flink.util.Collector;

import java.nio.ByteBuffer;

/**
 * The collector behind {@code ProcessTableFunction.collect}: checks the row kind against the
 * produced changelog mode (Flink's message), encodes the row and appends an OUT message for the
 * current record. A null composite row is skipped; an atomic value is emitted as a one-field row
 * (null becomes a null field), as in Flink.
 */
final class OutputCollector implements Collector<Object> {

    private final CompositeCodec rowCodec; // composite output, else null
    private final Codec atomicCodec; // atomic output, else null
    private final ChangelogMode mode;
    private final Event event;
    private final Messages messages;
    private final CodecOutput scratch = new CodecOutput(1024);

    OutputCollector(CompositeCodec rowCodec, Codec atomicCodec, ChangelogMode mode, Event event, Messages messages) {
        this.rowCodec = rowCodec;
        this.atomicCodec = atomicCodec;
        this.mode = mode;
        this.event = event;
        this.messages = messages;
    }

    @Override
    public void collect(Object record) {
        RowKind kind;
        scratch.position(0);
        if (atomicCodec != null) {
            kind = RowKind.INSERT;
            checkKind(kind);
            writeAtomicRow(record);
        } else {
            if (record == null) {
                return;
            }
            kind = record instanceof Row ? ((Row) record).getKind() : RowKind.INSERT;
            checkKind(kind);
            rowCodec.writeRecord(scratch, record);
        }
        ByteBuffer b = scratch.buffer();
        messages.out(event.recordIndex, kind.toByteValue(), b.array(), b.arrayOffset(), scratch.position());
    }

    @Override
    public void close() {}

    private void checkKind(RowKind kind) {
        if (!mode.contains(kind)) {
            throw new TableRuntimeException(String.format(
                    "Invalid row kind received: %s. Expected produced changelog mode: %s", kind, mode));
        }
    }

    /**
     * A one-field {@code row} (codec.h): kind byte, a one-byte null bitmap, the body. The value's
     * presence byte (1 = present) is written where the bitmap goes and then inverted, since bit 0
     * of the bitmap means NULL.
     */
    private void writeAtomicRow(Object value) {
        ByteBuffer b = scratch.buffer();
        b.put((byte) 0); // +I; fits: scratch has room for at least 16 bytes
        int bitmap = scratch.position();
        atomicCodec.write(scratch, value);
        b = scratch.buffer();
        b.put(bitmap, (byte) (b.get(bitmap) == 1 ? 0 : 1));
    }
}
