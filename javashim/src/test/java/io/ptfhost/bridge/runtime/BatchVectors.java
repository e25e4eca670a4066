package io.ptfhost.bridge.runtime;

import io.ptfhost.testkit.VectorFiles;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads tests/vectors/batch.txt (the format is described at its top): each vector's head
 * (batch, answer or malformed, with its counts), its content lines with spaces normalised, and
 * its bytes. Also the value syntax of those lines, shared by the test's parsing and rendering.
 */
final class BatchVectors {
    final int line;
    final String head;
    final String name;
    final int keys;
    final int entries;
    final int records;
    final List<String> lines = new ArrayList<>();
    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();

    private BatchVectors(int line, String headLine) {
        this.line = line;
        String[] w = headLine.split(" ");
        this.head = w[0];
        this.name = w[1];
        this.keys = Integer.parseInt(word(headLine, "keys"));
        this.entries = Integer.parseInt(word(headLine, "entries"));
        this.records = head.equals("batch") ? -1 : Integer.parseInt(word(headLine, "records"));
    }

    @Override
    public String toString() {
        return "batch.txt:" + line + " " + head + " " + name;
    }

    byte[] bytes() {
        return bytes.toByteArray();
    }

    static List<BatchVectors> load() throws IOException {
        List<String> text = Files.readAllLines(VectorFiles.path("batch.txt"), StandardCharsets.UTF_8);
        List<BatchVectors> out = new ArrayList<>();
        for (int i = 0; i < text.size(); i++) {
            String s = text.get(i).trim().replaceAll("\\s+", " ");
            if (s.isEmpty() || s.startsWith("#")) {
                continue;
            }
            if (s.startsWith("batch ") || s.startsWith("answer ") || s.startsWith("malformed ")) {
                out.add(new BatchVectors(i + 1, s));
            } else if (out.isEmpty()) {
                throw new IllegalStateException("batch.txt:" + (i + 1) + ": a line before the first vector");
            } else if (s.startsWith("hex ")) {
                byte[] b = unhex(s.substring(4));
                out.get(out.size() - 1).bytes.write(b, 0, b.length);
            } else {
                out.get(out.size() - 1).lines.add(s);
            }
        }
        return out;
    }

    /** The word after key in a normalised line; null if there is none. */
    static String word(String line, String key) {
        String[] w = line.split(" ");
        for (int i = 0; i + 1 < w.length; i++) {
            if (w[i].equals(key)) {
                return w[i + 1];
            }
        }
        return null;
    }

    /** Everything after "key " (for text and reason). */
    static String rest(String line, String key) {
        int at = line.indexOf(" " + key + " ");
        return at < 0 ? null : line.substring(at + key.length() + 2);
    }

    static long i64(String w) {
        return w.equals("none") ? Event.NONE : Long.parseLong(w);
    }

    static String i64(long v) {
        return v == Event.NONE ? "none" : Long.toString(v);
    }

    /** A u32 or u16 with the sentinel none. */
    static int slot(String w, int none) {
        return w.equals("none") ? none : Integer.parseInt(w);
    }

    static String slot(int v, int none) {
        return v == none ? "none" : Integer.toUnsignedString(v);
    }

    /** A timer name word: - is unnamed (null). */
    static String name(String w) {
        return w.equals("-") ? null : w;
    }

    static String nameWord(String name) {
        return name == null ? "-" : name;
    }

    static byte[] unhex(String s) {
        String h = s.replace(" ", "");
        if (h.equals("-")) {
            return new byte[0];
        }
        byte[] b = new byte[h.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(h.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    static String hex(byte[] b, int off, int len) {
        if (len == 0) {
            return "-";
        }
        StringBuilder sb = new StringBuilder();
        for (int i = off; i < off + len; i++) {
            sb.append(String.format("%02x", b[i] & 0xff));
        }
        return sb.toString();
    }
}
