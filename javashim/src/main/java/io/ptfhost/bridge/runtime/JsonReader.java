package io.ptfhost.bridge.runtime;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A small JSON parser for the plan C sends to {@code Bridge.open}: objects become
 * {@code Map<String, Object>} (insertion-ordered), arrays {@code List<Object>}, numbers
 * {@code Long} or {@code Double}, plus String, Boolean and null. Errors name the offset.
 */
final class JsonReader {

    private final String s;
    private int pos;

    private JsonReader(String s) {
        this.s = s;
    }

    static Object parse(String json) {
        JsonReader r = new JsonReader(json);
        Object v = r.value();
        r.skipSpace();
        if (r.pos != json.length()) {
            throw r.error("end of input");
        }
        return v;
    }

    private Object value() {
        skipSpace();
        if (pos >= s.length()) {
            throw error("a value");
        }
        char c = s.charAt(pos);
        switch (c) {
            case '{':
                return object();
            case '[':
                return array();
            case '"':
                return string();
            case 't':
                return literal("true", Boolean.TRUE);
            case 'f':
                return literal("false", Boolean.FALSE);
            case 'n':
                return literal("null", null);
            default:
                if (c == '-' || (c >= '0' && c <= '9')) {
                    return number();
                }
                throw error("a value");
        }
    }

    private Map<String, Object> object() {
        Map<String, Object> m = new LinkedHashMap<>();
        pos++;
        skipSpace();
        if (peek() == '}') {
            pos++;
            return m;
        }
        while (true) {
            skipSpace();
            if (peek() != '"') {
                throw error("a member name");
            }
            String name = string();
            skipSpace();
            expect(':');
            m.put(name, value());
            skipSpace();
            if (peek() == ',') {
                pos++;
            } else {
                expect('}');
                return m;
            }
        }
    }

    private List<Object> array() {
        List<Object> l = new ArrayList<>();
        pos++;
        skipSpace();
        if (peek() == ']') {
            pos++;
            return l;
        }
        while (true) {
            l.add(value());
            skipSpace();
            if (peek() == ',') {
                pos++;
            } else {
                expect(']');
                return l;
            }
        }
    }

    private String string() {
        pos++;
        StringBuilder sb = new StringBuilder();
        while (true) {
            if (pos >= s.length()) {
                throw error("a closing quote");
            }
            char c = s.charAt(pos++);
            if (c == '"') {
                return sb.toString();
            }
            if (c != '\\') {
                sb.append(c);
                continue;
            }
            if (pos >= s.length()) {
                throw error("an escape");
            }
            char e = s.charAt(pos++);
            switch (e) {
                case '"':
                case '\\':
                case '/':
                    sb.append(e);
                    break;
                case 'b':
                    sb.append('\b');
                    break;
                case 'f':
                    sb.append('\f');
                    break;
                case 'n':
                    sb.append('\n');
                    break;
                case 'r':
                    sb.append('\r');
                    break;
                case 't':
                    sb.append('\t');
                    break;
                case 'u':
                    if (pos + 4 > s.length()) {
                        throw error("four hex digits");
                    }
                    try {
                        sb.append((char) Integer.parseInt(s.substring(pos, pos + 4), 16));
                    } catch (NumberFormatException ex) {
                        throw error("four hex digits");
                    }
                    pos += 4;
                    break;
                default:
                    pos--;
                    throw error("a valid escape");
            }
        }
    }

    private Object number() {
        int start = pos;
        boolean integral = true;
        if (peek() == '-') {
            pos++;
        }
        while (pos < s.length()) {
            char c = s.charAt(pos);
            if (c >= '0' && c <= '9') {
                pos++;
            } else if (c == '.' || c == 'e' || c == 'E' || c == '+' || c == '-') {
                integral = false;
                pos++;
            } else {
                break;
            }
        }
        String text = s.substring(start, pos);
        try {
            return integral ? (Object) Long.parseLong(text) : (Object) Double.parseDouble(text);
        } catch (NumberFormatException ex) {
            pos = start;
            throw error("a number");
        }
    }

    private Object literal(String word, Object v) {
        if (!s.startsWith(word, pos)) {
            throw error("a value");
        }
        pos += word.length();
        return v;
    }

    private void expect(char c) {
        if (peek() != c) {
            throw error("'" + c + "'");
        }
        pos++;
    }

    private char peek() {
        return pos < s.length() ? s.charAt(pos) : '\0';
    }

    private void skipSpace() {
        while (pos < s.length() && Character.isWhitespace(s.charAt(pos))) {
            pos++;
        }
    }

    private IllegalArgumentException error(String expected) {
        int from = Math.max(0, pos - 20);
        int to = Math.min(s.length(), pos + 20);
        return new IllegalArgumentException("Invalid plan JSON: expected " + expected + " at offset " + pos
                + ": ..." + s.substring(from, to) + "...");
    }
}
