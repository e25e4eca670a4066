package io.ptfhost.bridge.codec;

import io.ptfhost.bridge.types.SqlType;
import io.ptfhost.bridge.types.TypeParser;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.ObjectInputStream;
import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;
import java.time.Period;
import java.time.ZoneOffset;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

import io.ptfhost.testkit.VectorFiles;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

/**
 * Reads tests/vectors/values.vec (the format is described at its top) into Java values: the
 * literal becomes Flink's external objects of the type.
 */
final class Vectors {
    final int line;
    final String typeString;
    final SqlType type;
    final Object value; // for row vectors a Row with the vector's kind
    final RowKind kind; // null for a value vector
    final byte[] hex;

    private Vectors(int line, String typeString, SqlType type, Object value, RowKind kind, byte[] hex) {
        this.line = line;
        this.typeString = typeString;
        this.type = type;
        this.value = value;
        this.kind = kind;
        this.hex = hex;
    }

    @Override
    public String toString() {
        return "values.vec:" + line + " " + typeString;
    }

    static Path file() {
        return VectorFiles.find("values.vec");
    }

    static List<Vectors> load() throws IOException {
        List<String> lines = Files.readAllLines(file(), StandardCharsets.UTF_8);
        List<Vectors> out = new ArrayList<>();
        String type = null;
        String literal = null;
        RowKind kind = null;
        int typeLine = 0;
        for (int i = 0; i < lines.size(); i++) {
            String s = lines.get(i).trim();
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            if (s.startsWith("type ")) {
                type = s.substring(5).trim();
                typeLine = i + 1;
                literal = null;
                kind = null;
            } else if (s.startsWith("value ")) {
                literal = s.substring(6).trim();
            } else if (s.startsWith("row ")) {
                String rest = s.substring(4).trim();
                kind = kindOf(rest.substring(0, 2));
                literal = rest.substring(2).trim();
            } else if (s.startsWith("hex")) {
                SqlType t = TypeParser.parse(type);
                Lit l = new Lit(literal, typeLine);
                Object v = l.parse(t);
                l.end();
                if (kind != null) {
                    ((Row) v).setKind(kind);
                }
                out.add(new Vectors(typeLine, type, t, v, kind, hex(s.substring(3))));
            } else {
                throw new IllegalStateException("values.vec:" + (i + 1) + ": unknown line " + s);
            }
        }
        return out;
    }

    private static RowKind kindOf(String s) {
        for (RowKind k : RowKind.values()) {
            if (k.shortString().equals(s)) {
                return k;
            }
        }
        throw new IllegalArgumentException("row kind " + s);
    }

    static byte[] hex(String s) {
        String h = s.replaceAll("\\s", "");
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    static String hex(byte[] b, int off, int len) {
        StringBuilder sb = new StringBuilder();
        for (int i = 0; i < len; i++) {
            sb.append(i == 0 ? "" : " ").append(String.format("%02x", b[off + i]));
        }
        return sb.toString();
    }

    /** Deep equality: arrays element-wise, maps by key with deep values, Rows by Row.equals. */
    static boolean deepEquals(Object a, Object b) {
        if (a instanceof Map && b instanceof Map) {
            Map<?, ?> x = (Map<?, ?>) a;
            Map<?, ?> y = (Map<?, ?>) b;
            if (x.size() != y.size()) {
                return false;
            }
            for (Map.Entry<?, ?> e : x.entrySet()) {
                if (!y.containsKey(e.getKey()) || !deepEquals(e.getValue(), y.get(e.getKey()))) {
                    return false;
                }
            }
            return true;
        }
        if (a instanceof Object[] && b instanceof Object[]) {
            Object[] x = (Object[]) a;
            Object[] y = (Object[]) b;
            if (x.length != y.length || x.getClass() != y.getClass()) {
                return false;
            }
            for (int i = 0; i < x.length; i++) {
                if (!deepEquals(x[i], y[i])) {
                    return false;
                }
            }
            return true;
        }
        return Objects.deepEquals(a, b);
    }

    /** The literal parser. */
    private static final class Lit {
        private final String s;
        private final int line;
        private int pos;

        Lit(String s, int line) {
            this.s = s;
            this.line = line;
        }

        void end() {
            ws();
            if (pos != s.length()) {
                throw fail("trailing text");
            }
        }

        private IllegalStateException fail(String what) {
            return new IllegalStateException("values.vec:" + line + ": " + what + " at '" + s.substring(pos) + "'");
        }

        private void ws() {
            while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
        }

        private boolean eat(char c) {
            ws();
            if (pos < s.length() && s.charAt(pos) == c) {
                pos++;
                return true;
            }
            return false;
        }

        private String token() {
            ws();
            int start = pos;
            while (pos < s.length() && ",]}):".indexOf(s.charAt(pos)) < 0 && !Character.isWhitespace(s.charAt(pos))) {
                pos++;
            }
            return s.substring(start, pos);
        }

        private String quoted() {
            ws();
            if (!eat('\'')) {
                throw fail("quote expected");
            }
            StringBuilder sb = new StringBuilder();
            while (true) {
                if (pos >= s.length()) {
                    throw fail("unterminated quote");
                }
                char c = s.charAt(pos++);
                if (c == '\'') {
                    if (pos < s.length() && s.charAt(pos) == '\'') {
                        pos++;
                    } else {
                        return sb.toString();
                    }
                }
                sb.append(c);
            }
        }

        Object parse(SqlType t) {
            ws();
            if (s.startsWith("null", pos)) {
                pos += 4;
                return null;
            }
            switch (t.kind()) {
                case BOOLEAN:
                    return Boolean.parseBoolean(token());
                case TINYINT:
                    return Byte.parseByte(token());
                case SMALLINT:
                    return Short.parseShort(token());
                case INT:
                    return Integer.parseInt(token());
                case BIGINT:
                    return Long.parseLong(token());
                case FLOAT:
                    return Float.parseFloat(token());
                case DOUBLE:
                    return Double.parseDouble(token());
                case DECIMAL:
                    return new BigDecimal(token());
                case CHAR:
                case VARCHAR:
                    return quoted();
                case BINARY:
                case VARBINARY:
                    return bytes();
                case RAW:
                    try (ObjectInputStream in = new ObjectInputStream(new ByteArrayInputStream(bytes()))) {
                        return in.readObject();
                    } catch (IOException | ClassNotFoundException e) {
                        throw new IllegalStateException(e);
                    }
                case DATE:
                    return LocalDate.parse(quoted());
                case TIME:
                    return LocalTime.parse(quoted());
                case TIMESTAMP:
                    return LocalDateTime.parse(quoted().replace(' ', 'T'));
                case TIMESTAMP_LTZ:
                    return LocalDateTime.parse(quoted().replace(' ', 'T')).toInstant(ZoneOffset.UTC);
                case TIMESTAMP_TZ:
                    return LocalDateTime.parse(quoted().replace(' ', 'T')).atOffset(ZoneOffset.UTC);
                case INTERVAL_YM:
                    return Period.parse(quoted());
                case INTERVAL_DT:
                    return Duration.parse(quoted());
                case ARRAY: {
                    if (!eat('[')) {
                        throw fail("'[' expected");
                    }
                    List<Object> items = new ArrayList<>();
                    if (!eat(']')) {
                        do {
                            items.add(parse(t.elementType()));
                        } while (eat(','));
                        if (!eat(']')) {
                            throw fail("']' expected");
                        }
                    }
                    Class<?> c = Codecs.defaultConversion(t.elementType(), Vectors.class.getClassLoader());
                    Object a = Array.newInstance(c, items.size());
                    for (int i = 0; i < items.size(); i++) {
                        Array.set(a, i, items.get(i));
                    }
                    return a;
                }
                case MAP:
                case MULTISET: {
                    if (!eat('{')) {
                        throw fail("'{' expected");
                    }
                    Map<Object, Object> m = new LinkedHashMap<>();
                    SqlType vt = t.kind() == SqlType.Kind.MAP ? t.valueType() : SqlType.of(SqlType.Kind.INT);
                    if (!eat('}')) {
                        do {
                            Object k = parse(t.keyType());
                            if (!eat(':')) {
                                throw fail("':' expected");
                            }
                            m.put(k, parse(vt));
                        } while (eat(','));
                        if (!eat('}')) {
                            throw fail("'}' expected");
                        }
                    }
                    return m;
                }
                case ROW:
                case STRUCTURED: {
                    if (!eat('(')) {
                        throw fail("'(' expected");
                    }
                    Object[] f = new Object[t.fields().size()];
                    for (int i = 0; i < f.length; i++) {
                        if (i > 0 && !eat(',')) {
                            throw fail("',' expected");
                        }
                        f[i] = parse(t.fields().get(i).type);
                    }
                    if (!eat(')')) {
                        throw fail("')' expected");
                    }
                    if (t.kind() == SqlType.Kind.STRUCTURED) {
                        return pojo(t, f);
                    }
                    return Row.of(f);
                }
                default:
                    throw fail("no literal for " + t);
            }
        }

        private byte[] bytes() {
            ws();
            if (!eat('x')) {
                throw fail("x'..' expected");
            }
            return hex(quoted());
        }

        private Object pojo(SqlType t, Object[] f) {
            if (!t.className().equals(VectorPojo.class.getName())) {
                throw fail("unknown POJO class " + t.className());
            }
            VectorPojo p = new VectorPojo();
            p.name = (String) f[0];
            p.setCount((Integer) f[1]);
            p.scores = (Double[]) f[2];
            return p;
        }
    }
}
