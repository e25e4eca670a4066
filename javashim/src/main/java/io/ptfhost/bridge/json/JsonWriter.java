package io.ptfhost.bridge.json;

/**
 * A minimal streaming JSON writer (the offline Debian build has no JSON library).
 *
 * <p>Usage: {@code new JsonWriter().beginObject().name("a").value(1).endObject().toString()}.
 * Commas are inserted automatically; the caller is responsible for balanced begin/end calls.
 * Strings are escaped per RFC 8259 (control characters as \\uXXXX, non-ASCII kept as UTF-16
 * characters, which JNI's NewStringUTF/GetStringUTFChars turn into (modified) UTF-8).
 */
public final class JsonWriter {
    private final StringBuilder out = new StringBuilder(512);
    // true when the next value in the current container needs a leading comma
    private boolean needComma;

    public JsonWriter beginObject() {
        separate();
        out.append('{');
        needComma = false;
        return this;
    }

    public JsonWriter endObject() {
        out.append('}');
        needComma = true;
        return this;
    }

    public JsonWriter beginArray() {
        separate();
        out.append('[');
        needComma = false;
        return this;
    }

    public JsonWriter endArray() {
        out.append(']');
        needComma = true;
        return this;
    }

    /** Writes an object member name; the next call writes its value. */
    public JsonWriter name(String name) {
        separate();
        quote(name);
        out.append(':');
        needComma = false;
        return this;
    }

    public JsonWriter value(String s) {
        separate();
        if (s == null) {
            out.append("null");
        } else {
            quote(s);
        }
        needComma = true;
        return this;
    }

    public JsonWriter value(boolean b) {
        separate();
        out.append(b);
        needComma = true;
        return this;
    }

    public JsonWriter value(long n) {
        separate();
        out.append(n);
        needComma = true;
        return this;
    }

    /** A nullable number. */
    public JsonWriter value(Long n) {
        separate();
        out.append(n == null ? "null" : n.toString());
        needComma = true;
        return this;
    }

    public JsonWriter nullValue() {
        separate();
        out.append("null");
        needComma = true;
        return this;
    }

    private void separate() {
        if (needComma) {
            out.append(',');
            needComma = false;
        }
    }

    /** s as a JSON string; runs of plain characters are copied at once (start-up: interpreted). */
    private void quote(String s) {
        out.append('"');
        int plain = 0;
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            if (c >= 0x20 && c != '"' && c != '\\') {
                continue;
            }
            out.append(s, plain, i);
            plain = i + 1;
            switch (c) {
                case '"':
                    out.append("\\\"");
                    break;
                case '\\':
                    out.append("\\\\");
                    break;
                case '\n':
                    out.append("\\n");
                    break;
                case '\r':
                    out.append("\\r");
                    break;
                case '\t':
                    out.append("\\t");
                    break;
                case '\b':
                    out.append("\\b");
                    break;
                case '\f':
                    out.append("\\f");
                    break;
                default:
                    out.append(String.format("\\u%04x", (int) c));
            }
        }
        out.append(s, plain, s.length());
        out.append('"');
    }

    @Override
    public String toString() {
        return out.toString();
    }
}
