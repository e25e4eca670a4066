/**
 * The Java half of the binary value format (layout and rules: native/types/codec.h; shared
 * vectors: tests/vectors/values.vec).
 *
 * <p>Build a codec once per type with {@link io.ptfhost.bridge.codec.Codecs#create} (or {@link
 * io.ptfhost.bridge.codec.Codecs#createComposite} for row types), giving the Java class user code
 * expects (null = Flink's default) and the function's class loader for POJOs. Then per value:
 * {@link io.ptfhost.bridge.codec.Codec#write} / {@link io.ptfhost.bridge.codec.Codec#read} for the
 * {@code value} form (state entries, scalar arguments), {@link
 * io.ptfhost.bridge.codec.CompositeCodec#writeRecord} / {@link
 * io.ptfhost.bridge.codec.CompositeCodec#readRecord} for the {@code row} form (rows of a batch,
 * with their RowKind). Output goes to a {@link io.ptfhost.bridge.codec.CodecOutput} over a
 * (direct) ByteBuffer; input is read from a little-endian ByteBuffer. Failures are {@link
 * io.ptfhost.bridge.codec.CodecException}s naming the field path.
 */
package io.ptfhost.bridge.codec;
