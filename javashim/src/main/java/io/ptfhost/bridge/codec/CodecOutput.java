package io.ptfhost.bridge.codec;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * A growable little-endian output buffer for the binary value format.
 *
 * <p>Writes start at the target buffer's position. When a write does not fit, the output moves
 * to a buffer twice as large (direct if the original was direct) and the original is no longer
 * written: callers that handed in a buffer (the JNI side hands in a direct one) must use {@link
 * #buffer()} afterwards. Bytes written so far are {@code buffer()[start .. position())}.
 */
public final class CodecOutput {
    private ByteBuffer buf;

    public CodecOutput(ByteBuffer target) {
        this.buf = target.order(ByteOrder.LITTLE_ENDIAN);
    }

    public CodecOutput(int capacity) {
        this(ByteBuffer.allocate(Math.max(16, capacity)));
    }

    /** The current buffer; {@code position()} is the end of what was written. */
    public ByteBuffer buffer() {
        return buf;
    }

    public int position() {
        return buf.position();
    }

    /** Truncates (or rewinds) the output to p. */
    public void position(int p) {
        buf.position(p);
    }

    void ensure(int n) {
        if (buf.remaining() < n) {
            grow(n);
        }
    }

    private void grow(int n) {
        long need = (long) buf.position() + n;
        long cap = Math.max(need, 2L * buf.capacity());
        if (cap > Integer.MAX_VALUE - 8) {
            if (need > Integer.MAX_VALUE - 8) {
                throw new CodecException("encoded data exceeds 2 GB");
            }
            cap = Integer.MAX_VALUE - 8;
        }
        ByteBuffer next = buf.isDirect() ? ByteBuffer.allocateDirect((int) cap) : ByteBuffer.allocate((int) cap);
        next.order(ByteOrder.LITTLE_ENDIAN);
        buf.flip();
        next.put(buf);
        buf = next;
    }

    void putByte(int v) {
        ensure(1);
        buf.put((byte) v);
    }

    void putShort(short v) {
        ensure(2);
        buf.putShort(v);
    }

    void putInt(int v) {
        ensure(4);
        buf.putInt(v);
    }

    void putLong(long v) {
        ensure(8);
        buf.putLong(v);
    }

    void putBytes(byte[] b) {
        ensure(4 + b.length);
        buf.putInt(b.length);
        buf.put(b);
    }

    /** Appends n zero bytes (a null bitmap) and returns where they start. */
    int reserveBits(int n) {
        ensure(n);
        int at = buf.position();
        for (int i = 0; i < n; i++) {
            buf.put((byte) 0);
        }
        return at;
    }

    /** Sets bit i of the bitmap at base. */
    void setBit(int base, int i) {
        int at = base + (i >>> 3);
        buf.put(at, (byte) (buf.get(at) | (1 << (i & 7))));
    }

    /**
     * Writes len:u32 + UTF-8 of s without an intermediate byte[]. Unpaired surrogates become
     * '?', as String.getBytes(UTF_8) does.
     */
    void putString(String s) {
        int n = s.length();
        if (n > (Integer.MAX_VALUE - 64) / 3) {
            putBytes(s.getBytes(java.nio.charset.StandardCharsets.UTF_8));
            return;
        }
        ensure(4 + 3 * n);
        ByteBuffer b = buf;
        int lenAt = b.position();
        b.position(lenAt + 4);
        for (int i = 0; i < n; i++) {
            char c = s.charAt(i);
            if (c < 0x80) {
                b.put((byte) c);
            } else if (c < 0x800) {
                b.put((byte) (0xC0 | (c >> 6)));
                b.put((byte) (0x80 | (c & 0x3F)));
            } else if (Character.isSurrogate(c)) {
                if (Character.isHighSurrogate(c) && i + 1 < n && Character.isLowSurrogate(s.charAt(i + 1))) {
                    int cp = Character.toCodePoint(c, s.charAt(++i));
                    b.put((byte) (0xF0 | (cp >> 18)));
                    b.put((byte) (0x80 | ((cp >> 12) & 0x3F)));
                    b.put((byte) (0x80 | ((cp >> 6) & 0x3F)));
                    b.put((byte) (0x80 | (cp & 0x3F)));
                } else {
                    b.put((byte) '?');
                }
            } else {
                b.put((byte) (0xE0 | (c >> 12)));
                b.put((byte) (0x80 | ((c >> 6) & 0x3F)));
                b.put((byte) (0x80 | (c & 0x3F)));
            }
        }
        b.putInt(lenAt, b.position() - lenAt - 4);
    }
}
