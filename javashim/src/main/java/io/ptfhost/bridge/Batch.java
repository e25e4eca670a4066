package io.ptfhost.bridge;

import java.nio.ByteBuffer;
import java.nio.ByteOrder;

/**
 * The Java half of the batch hand-off (C half: jni/jb_batch.c; the runtime protocol on top of it:
 * docs/internals.md).
 *
 * <p>A batch function is a pair of static methods in one class, {@code int process(int handle,
 * ByteBuffer in, int inLength, ByteBuffer out)} and {@code int drain(int handle, ByteBuffer
 * out)}; C calls {@code process} once per batch with both buffers wrapping C memory, the batch
 * being the first {@code inLength} bytes of {@code in} (C keeps the buffers for its next call
 * while its memory stays where it is, so their capacity is C's, not the batch's). It writes its
 * results through an {@link Out} and returns {@link Out#finish()}: the number of bytes written into
 * {@code out}, or, when they did not fit, minus the number of bytes produced. The {@code Out}
 * then holds them; C grows its buffer and calls {@code drain}, which returns {@link
 * Out#drainTo(ByteBuffer)}. C keeps the larger buffer, so the next batch fits in one call.
 * The wire format is little-endian (native/util/buf.h).
 */
public final class Batch {
    private Batch() {}

    /** The input buffer of a batch, positioned at 0 and set to the wire byte order; its limit stays. */
    public static ByteBuffer in(ByteBuffer in) {
        in.position(0);
        return in.order(ByteOrder.LITTLE_ENDIAN);
    }

    /** C's input buffer cut to the batch: the first {@code length} bytes, positioned at 0. */
    public static ByteBuffer sized(ByteBuffer in, int length) {
        in.clear();
        in.limit(length);
        return in;
    }

    /**
     * The output of one batch: writes go straight into C's buffer until it is full, then the
     * bytes move to a heap buffer that grows as needed.
     */
    public static final class Out {
        private final ByteBuffer direct;
        private ByteBuffer buf;

        public Out(ByteBuffer direct) {
            direct.clear();
            this.direct = direct.order(ByteOrder.LITTLE_ENDIAN);
            this.buf = this.direct;
        }

        private ByteBuffer room(int n) {
            if (buf.remaining() >= n) {
                return buf;
            }
            long need = (long) buf.position() + n;
            long cap = Math.max(need, 2L * buf.capacity());
            if (cap > Integer.MAX_VALUE - 8) {
                cap = need;
            }
            if (cap > Integer.MAX_VALUE - 8) {
                throw new IllegalStateException("batch output exceeds 2 GiB");
            }
            ByteBuffer bigger = ByteBuffer.allocate((int) cap).order(ByteOrder.LITTLE_ENDIAN);
            buf.flip();
            bigger.put(buf);
            buf = bigger;
            return buf;
        }

        public Out put(byte v) {
            room(1).put(v);
            return this;
        }

        public Out put(byte[] src, int off, int len) {
            room(len).put(src, off, len);
            return this;
        }

        public Out put(byte[] src) {
            return put(src, 0, src.length);
        }

        public Out putShort(short v) {
            room(2).putShort(v);
            return this;
        }

        public Out putInt(int v) {
            room(4).putInt(v);
            return this;
        }

        public Out putLong(long v) {
            room(8).putLong(v);
            return this;
        }

        public Out putDouble(double v) {
            room(8).putDouble(v);
            return this;
        }

        /** Bytes written so far. */
        public int position() {
            return buf.position();
        }

        /** Ends the batch; the value {@code process} returns to C (see the class comment). */
        public int finish() {
            if (buf == direct) {
                return buf.position();
            }
            buf.flip();
            return -buf.remaining();
        }

        /**
         * Copies everything {@link #finish()} could not place into C's grown buffer; the value
         * {@code drain} returns to C.
         */
        public int drainTo(ByteBuffer out) {
            if (buf == direct) {
                throw new IllegalStateException("Batch.Out.drainTo: nothing is pending");
            }
            if (out.capacity() < buf.remaining()) {
                throw new IllegalStateException("Batch.Out.drainTo: the buffer holds " + out.capacity()
                        + " bytes but the batch produced " + buf.remaining());
            }
            out.clear();
            out.put(buf);
            buf = direct;
            return out.position();
        }
    }
}
