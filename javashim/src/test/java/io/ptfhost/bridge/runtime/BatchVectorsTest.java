package io.ptfhost.bridge.runtime;

import static io.ptfhost.bridge.runtime.BatchVectors.hex;
import static io.ptfhost.bridge.runtime.BatchVectors.i64;
import static io.ptfhost.bridge.runtime.BatchVectors.slot;
import static io.ptfhost.bridge.runtime.BatchVectors.word;
import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import io.ptfhost.bridge.Batch;

import org.apache.flink.types.RowKind;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The batch protocol's Java half (BatchProtocol reads batches, Messages writes answers) against
 * the shared vectors in tests/vectors/batch.txt, which the C half (tests/unit/test_batch.c)
 * checks the other way round: every batch vector's bytes decode to its lines, every answer
 * vector's lines encode to its bytes.
 */
public final class BatchVectorsTest {

    private static List<BatchVectors> of(String head) throws Exception {
        List<BatchVectors> out = new ArrayList<>();
        for (BatchVectors v : BatchVectors.load()) {
            if (v.head.equals(head)) {
                out.add(v);
            }
        }
        return out;
    }

    // ---- batches: Java decodes --------------------------------------------------------------

    private static String render(BatchProtocol.Record r, byte[] batch) {
        switch (r.type) {
            case BatchProtocol.EVAL:
                return "eval slot " + slot(r.keySlot, BatchProtocol.NO_KEY)
                        + " table " + slot(r.table, BatchProtocol.NO_TABLE)
                        + " kind " + RowKind.fromByteValue(r.kind).shortString()
                        + " wm " + i64(r.watermark) + " twm " + i64(r.tableWatermark) + " time " + i64(r.time)
                        + " row " + hex(batch, r.rowOffset, r.rowLength);
            case BatchProtocol.TIMER:
                return "timer slot " + slot(r.keySlot, BatchProtocol.NO_KEY) + " time " + i64(r.time)
                        + " wm " + i64(r.watermark) + " name " + BatchVectors.nameWord(r.timerName);
            case BatchProtocol.WATERMARK:
                return "watermark " + i64(r.watermark);
            case BatchProtocol.WRITEBACK:
                return "writeback";
            default:
                return "? " + r.type;
        }
    }

    /** What Java reads from a batch's bytes, as the vector file's lines. */
    private static List<String> decode(BatchVectors v) {
        byte[] bytes = v.bytes();
        ByteBuffer in = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        BatchProtocol.Header h = BatchProtocol.readHeader(in, v.entries, v.name);
        assertEquals(v.keys, h.nkeys);
        List<String> lines = new ArrayList<>();
        for (int k = 0; k < h.nkeys; k++) {
            for (int e = 0; e < v.entries; e++) {
                int[] id = new int[1];
                int n = BatchProtocol.readStateCell(in, k, e, id);
                String value = n == BatchProtocol.HELD_VALUE ? "held"
                        : n < 0 ? "absent" : hex(bytes, in.position() - n, n);
                lines.add("state " + (id[0] >= 0 ? "key " + id[0] + " " : "") + value);
            }
        }
        BatchProtocol.Record r = new BatchProtocol.Record();
        for (int i = 0; i < h.nrecords; i++) {
            BatchProtocol.readRecord(in, i, r, v.name);
            lines.add(render(r, bytes));
        }
        assertTrue(!in.hasRemaining(), v + ": " + in.remaining() + " bytes after the last record");
        return lines;
    }

    public static void testBatchVectorsDecodeToTheirLines() throws Exception {
        List<BatchVectors> batches = of("batch");
        assertTrue(batches.size() >= 4, "batch vectors: " + batches.size());
        for (BatchVectors v : batches) {
            assertEquals(v + "\n" + String.join("\n", v.lines), v + "\n" + String.join("\n", decode(v)));
        }
    }

    // ---- answers: Java encodes --------------------------------------------------------------

    private static int number(String line, String key) {
        return Integer.parseInt(word(line, key));
    }

    /** Writes the message of one answer line through Messages, as the runtime does. */
    private static void write(Messages m, String s) {
        String nameWord = word(s, "name");
        String timerName = nameWord == null ? null : BatchVectors.name(nameWord);
        switch (s.split(" ")[0]) {
            case "out": {
                byte[] row = BatchVectors.unhex(word(s, "row"));
                byte kind = RowKind.valueOf(kindName(word(s, "kind"))).toByteValue();
                m.out(number(s, "record"), kind, row, 0, row.length);
                break;
            }
            case "timer_set":
                m.timerSet(number(s, "record"), number(s, "slot"), i64(word(s, "time")), timerName);
                break;
            case "timer_clear":
                m.timerClear(number(s, "slot"), i64(word(s, "time")), timerName);
                break;
            case "timers_clear_all":
                m.timersClearAll(number(s, "slot"));
                break;
            case "state": {
                String value = word(s, "value");
                byte[] b = value.equals("absent") ? null : BatchVectors.unhex(value);
                m.state(number(s, "slot"), number(s, "entry"), b, 0, b == null ? 0 : b.length);
                break;
            }
            case "held":
                m.held(number(s, "slot"), number(s, "entry"));
                break;
            case "error":
                m.error(number(s, "record"), BatchVectors.rest(s, "text"));
                break;
            case "end":
                m.end(number(s, "consumed"));
                break;
            default:
                throw new AssertionError("not an answer line: " + s);
        }
    }

    private static String kindName(String shortString) {
        for (RowKind k : RowKind.values()) {
            if (k.shortString().equals(shortString)) {
                return k.name();
            }
        }
        throw new AssertionError("bad kind " + shortString);
    }

    public static void testAnswerVectorsEncodeToTheirBytes() throws Exception {
        List<BatchVectors> answers = of("answer");
        assertTrue(answers.size() >= 4, "answer vectors: " + answers.size());
        for (BatchVectors v : answers) {
            ByteBuffer direct = ByteBuffer.allocateDirect(1 << 16);
            Batch.Out out = new Batch.Out(direct);
            out.putInt(BatchProtocol.MAGIC);
            Messages m = new Messages();
            m.begin(out);
            for (String line : v.lines) {
                write(m, line);
            }
            int n = out.finish();
            byte[] got = new byte[n];
            direct.position(0);
            direct.get(got);
            byte[] want = v.bytes();
            assertEquals(v + " " + hex(want, 0, want.length), v + " " + hex(got, 0, got.length));
        }
    }

    /** The vectors' names are UTF-8 on the wire, as Java writes them. */
    public static void testTimerNamesAreUtf8() throws Exception {
        boolean seen = false;
        for (BatchVectors v : of("answer")) {
            for (String line : v.lines) {
                String name = word(line, "name");
                seen |= name != null && name.length() != name.getBytes(StandardCharsets.UTF_8).length;
            }
        }
        assertTrue(seen, "no answer vector has a non-ASCII timer name");
    }
}
