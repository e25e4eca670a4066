package io.ptfhost.bridge.codec;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.List;

import org.apache.flink.types.Row;

/**
 * The Java codec against the shared vectors (tests/vectors/values.vec), which the C codec
 * (tests/unit/test_codec.c) checks too: encode the literal, compare bytes, decode the bytes,
 * compare with the literal.
 */
public final class VectorsTest {
    private static final ClassLoader LOADER = VectorsTest.class.getClassLoader();

    private static byte[] encode(Vectors v, Codec c, ByteBuffer target) {
        CodecOutput out = new CodecOutput(target);
        if (v.kind != null) {
            ((CompositeCodec) c).writeRecord(out, v.value);
        } else {
            c.write(out, v.value);
        }
        ByteBuffer b = out.buffer();
        byte[] bytes = new byte[b.position()];
        b.flip();
        b.get(bytes);
        return bytes;
    }

    private static Object decode(Vectors v, Codec c, ByteBuffer in) {
        return v.kind != null ? ((CompositeCodec) c).readRecord(in) : c.read(in);
    }

    public static void testEveryVectorEncodesToItsBytes() throws Exception {
        List<String> failures = new ArrayList<>();
        List<Vectors> all = Vectors.load();
        assertTrue(all.size() > 100, "vectors loaded: " + all.size());
        for (Vectors v : all) {
            Codec c = Codecs.create(v.type, null, LOADER);
            // a small heap buffer (grows) and a direct one, as the JNI side hands over
            for (ByteBuffer target : new ByteBuffer[] {ByteBuffer.allocate(16), ByteBuffer.allocateDirect(4096)}) {
                byte[] got = encode(v, c, target);
                String want = Vectors.hex(v.hex, 0, v.hex.length);
                String have = Vectors.hex(got, 0, got.length);
                if (!want.equals(have)) {
                    failures.add(v + "\n got  " + have + "\n want " + want);
                }
            }
        }
        assertTrue(failures.isEmpty(), failures.size() + " vectors differ:\n" + String.join("\n", failures));
    }

    public static void testEveryVectorDecodesToItsLiteral() throws Exception {
        for (Vectors v : Vectors.load()) {
            Codec c = Codecs.create(v.type, null, LOADER);
            for (ByteBuffer in : new ByteBuffer[] {ByteBuffer.wrap(v.hex), direct(v.hex)}) {
                in.order(ByteOrder.LITTLE_ENDIAN);
                Object back = decode(v, c, in);
                assertEquals(v.hex.length, in.position());
                assertTrue(Vectors.deepEquals(v.value, back), v + ": decoded " + show(back) + ", literal " + show(v.value));
                if (v.kind != null) {
                    assertEquals(v.kind, ((Row) back).getKind());
                }
                if (back != null) {
                    assertTrue(c.conversionClass().isInstance(back),
                            v + ": decoded a " + back.getClass() + ", not a " + c.conversionClass());
                }
            }
        }
    }

    /** Decoded rows are named-position rows: fields reachable by name, as Flink's runtime rows. */
    public static void testDecodedRowsHaveNamedPositions() throws Exception {
        for (Vectors v : Vectors.load()) {
            if (v.type.kind() != io.ptfhost.bridge.types.SqlType.Kind.ROW || v.value == null) {
                continue;
            }
            ByteBuffer in = ByteBuffer.wrap(v.hex).order(ByteOrder.LITTLE_ENDIAN);
            Row r = (Row) decode(v, Codecs.create(v.type, null, LOADER), in);
            for (int i = 0; i < v.type.fields().size(); i++) {
                assertTrue(Vectors.deepEquals(r.getField(i), r.getField(v.type.fields().get(i).name)), v.toString());
            }
        }
    }

    /** Every strict prefix of a vector is a CodecException, never another exception. */
    public static void testTruncatedVectorsFail() throws Exception {
        for (Vectors v : Vectors.load()) {
            Codec c = Codecs.create(v.type, null, LOADER);
            for (int n = 0; n < v.hex.length; n++) {
                ByteBuffer in = ByteBuffer.wrap(v.hex, 0, n).slice().order(ByteOrder.LITTLE_ENDIAN);
                try {
                    decode(v, c, in);
                    throw new AssertionError(v + ": " + n + "-byte prefix decoded");
                } catch (CodecException e) {
                    assertTrue(e.getMessage().startsWith("truncated") || e.getMessage().startsWith("corrupt"),
                            v + ": " + e.getMessage());
                }
            }
        }
    }

    private static ByteBuffer direct(byte[] b) {
        ByteBuffer d = ByteBuffer.allocateDirect(b.length);
        d.put(b).flip();
        return d;
    }

    static String show(Object o) {
        if (o instanceof Object[]) {
            return java.util.Arrays.deepToString((Object[]) o);
        }
        if (o instanceof byte[]) {
            return java.util.Arrays.toString((byte[]) o);
        }
        return String.valueOf(o);
    }
}
