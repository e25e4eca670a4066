package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;

import java.nio.ByteBuffer;
import java.util.HashMap;
import java.util.Map;

/**
 * MAP and MULTISET (element -> Integer count): n:u32, key null bits, value null bits, then key
 * and value bodies per entry in the map's iteration order. Decodes to a HashMap, as Flink does.
 */
final class MapCodec extends Codec {
    private final Codec keys;
    private final Codec values;

    MapCodec(SqlType t, Class<?> conversion, Codec keys, Codec values) {
        super(t, conversion);
        this.keys = keys;
        this.values = values;
    }

    @Override
    boolean writeBody(CodecOutput out, Object v) {
        Map<?, ?> m = (Map<?, ?>) v;
        int n = m.size();
        out.putInt(n);
        int nb = (n + 7) / 8;
        int keyBits = out.reserveBits(2 * nb);
        int valueBits = keyBits + nb;
        int i = 0;
        for (Map.Entry<?, ?> e : m.entrySet()) {
            if (i == n) {
                throw new CodecException(type + ": the map changed while it was encoded");
            }
            try {
                if (e.getKey() == null || !keys.writeChecked(out, e.getKey())) {
                    out.setBit(keyBits, i);
                }
            } catch (CodecException x) {
                throw x.within("key " + e.getKey());
            }
            try {
                if (e.getValue() == null || !values.writeChecked(out, e.getValue())) {
                    out.setBit(valueBits, i);
                }
            } catch (CodecException x) {
                throw x.within("value of key " + e.getKey());
            }
            i++;
        }
        return true;
    }

    @Override
    Object readBody(ByteBuffer in) {
        int n = readCount(in, "MAP size", 2);
        int keyBits = skipBits(in, n);
        int valueBits = skipBits(in, n);
        Map<Object, Object> m = new HashMap<>(Math.max(4, (int) (n / 0.75f) + 1));
        for (int i = 0; i < n; i++) {
            Object k = isSet(in, keyBits, i) ? null : keys.readBody(in);
            Object v = isSet(in, valueBits, i) ? null : values.readBody(in);
            m.put(k, v);
        }
        return m;
    }
}
