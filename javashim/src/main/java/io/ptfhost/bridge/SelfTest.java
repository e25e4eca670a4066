package io.ptfhost.bridge;

import io.ptfhost.bridge.codec.Codec;
import io.ptfhost.bridge.codec.CodecOutput;
import io.ptfhost.bridge.codec.Codecs;
import io.ptfhost.bridge.codec.CompositeCodec;
import io.ptfhost.bridge.types.TypeParser;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Entry points that exist only so that the C tests of the bridge (tests/jvm/test_bridge.c) can
 * prove it from the C side: string round trips, Java exceptions with causes, a stack overflow,
 * thread attachment and the batch hand-off. ptfhost itself never calls them.
 */
public final class SelfTest {
    private SelfTest() {}

    /**
     * {@code echo:TEXT} returns TEXT; {@code codepoints:TEXT} the number of code points Java sees;
     * {@code throw:MSG} throws an IllegalArgumentException(MSG) caused by an
     * IllegalStateException; {@code overflow} recurses until StackOverflowError;
     * {@code threads} the number of live Java threads.
     */
    public static String run(String what) {
        if (what.startsWith("echo:")) {
            return what.substring(5);
        }
        if (what.startsWith("codepoints:")) {
            String s = what.substring(11);
            return Integer.toString(s.codePointCount(0, s.length()));
        }
        if (what.startsWith("throw:")) {
            throwWithCause(what.substring(6));
        }
        if (what.equals("overflow")) {
            return Long.toString(recurse(0));
        }
        if (what.equals("threads")) {
            return Integer.toString(Thread.getAllStackTraces().size());
        }
        throw new UnsupportedOperationException("SelfTest.run: unknown request '" + what + "'");
    }

    private static void throwWithCause(String msg) {
        try {
            failInner(msg);
        } catch (IllegalStateException e) {
            throw new IllegalArgumentException(msg, e);
        }
    }

    private static void failInner(String msg) {
        throw new IllegalStateException("inner " + msg);
    }

    private static long recurse(long depth) {
        return recurse(depth + 1) + 1;
    }

    /** Output held between {@link #transform} and {@link #drain}, per handle. */
    private static final Map<Integer, Batch.Out> PENDING = new ConcurrentHashMap<>();

    /**
     * Batch entry point: writes the input bytes reversed, {@code handle} times; a negative
     * handle throws after writing (to prove a failed batch is reported and leaves nothing held).
     */
    public static int transform(int handle, ByteBuffer in, int inLength, ByteBuffer out) {
        ByteBuffer src = Batch.in(Batch.sized(in, inLength));
        Batch.Out o = new Batch.Out(out);
        int times = Math.abs(handle);
        for (int r = 0; r < times; r++) {
            for (int i = src.limit() - 1; i >= 0; i--) {
                o.put(src.get(i));
            }
        }
        if (handle < 0) {
            throw new IllegalStateException("transform failed after " + o.position() + " bytes");
        }
        int n = o.finish();
        if (n < 0) {
            PENDING.put(handle, o);
        }
        return n;
    }

    public static int drain(int handle, ByteBuffer out) {
        Batch.Out o = PENDING.remove(handle);
        if (o == null) {
            throw new IllegalStateException("SelfTest.drain: nothing pending for handle " + handle);
        }
        return o.drainTo(out);
    }

    /**
     * Batch entry point for the codec round trip (tests/jvm/test_bridge.c): {@code in} holds
     * {@code u32 n}, then n times {@code u8 form (0 value, 1 row), u32 len, type string (UTF-8),
     * u32 len, encoded bytes}. Each is decoded to Flink's external Java object and encoded again;
     * {@code out} gets, per entry, {@code u32 len, bytes, u16 len, class name of the decoded
     * object (UTF-8, "null" for SQL NULL)}, or {@code u32 0xFFFFFFFF, u16 len, message} when the
     * entry fails.
     */
    public static int codecRoundTrip(int handle, ByteBuffer in, int inLength, ByteBuffer out) {
        ByteBuffer src = Batch.in(Batch.sized(in, inLength));
        Batch.Out o = new Batch.Out(out);
        ClassLoader loader = SelfTest.class.getClassLoader();
        int n = src.getInt();
        for (int i = 0; i < n; i++) {
            boolean row = src.get() == 1;
            String type = utf8(src, src.getInt());
            int len = src.getInt();
            ByteBuffer bytes = src.slice().order(ByteOrder.LITTLE_ENDIAN);
            bytes.limit(len);
            src.position(src.position() + len);
            try {
                CodecOutput enc = new CodecOutput(64);
                Object v;
                if (row) {
                    CompositeCodec c = Codecs.createComposite(TypeParser.parse(type), null, loader);
                    v = c.readRecord(bytes);
                    c.writeRecord(enc, v);
                } else {
                    Codec c = Codecs.create(type, loader);
                    v = c.read(bytes);
                    c.write(enc, v);
                }
                if (bytes.hasRemaining()) {
                    throw new IllegalStateException(bytes.remaining() + " bytes left after decoding");
                }
                ByteBuffer e = enc.buffer();
                o.putInt(e.position()).put(e.array(), 0, e.position());
                putUtf8(o, v == null ? "null" : v.getClass().getName());
            } catch (RuntimeException e) {
                o.putInt(-1);
                putUtf8(o, e.toString());
            }
        }
        int r = o.finish();
        if (r < 0) {
            PENDING.put(handle, o);
        }
        return r;
    }

    private static String utf8(ByteBuffer b, int len) {
        byte[] a = new byte[len];
        b.get(a);
        return new String(a, StandardCharsets.UTF_8);
    }

    private static void putUtf8(Batch.Out o, String s) {
        byte[] a = s.getBytes(StandardCharsets.UTF_8);
        o.putShort((short) a.length).put(a);
    }
}
