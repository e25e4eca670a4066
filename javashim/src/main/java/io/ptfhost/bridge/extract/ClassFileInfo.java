package io.ptfhost.bridge.extract;

import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * What {@code describe} needs from a class file without loading the class: its version, name,
 * superclass, access flags and the UTF-8 strings of its constant pool (to spot references to
 * Flink 2.0 trait names, which a JVM only reports when the annotation is read).
 *
 * <p>Reading the header and constant pool directly is cheaper than defining classes, so a JAR can
 * be scanned for PTFs without running any static initializer of unrelated classes.
 */
public final class ClassFileInfo {
    public static final int ACC_INTERFACE = 0x0200;
    public static final int ACC_ABSTRACT = 0x0400;

    public final int majorVersion;
    public final int access;
    public final String name; // binary name with dots, e.g. com.example.Outer$Inner
    public final String superName; // null for java.lang.Object / module-info
    private final byte[] bytes;
    private final int[] utf8; // offset and length of each UTF-8 entry's bytes

    private ClassFileInfo(int majorVersion, int access, String name, String superName, byte[] bytes, int[] utf8) {
        this.majorVersion = majorVersion;
        this.access = access;
        this.name = name;
        this.superName = superName;
        this.bytes = bytes;
        this.utf8 = utf8;
    }

    public boolean isAbstractOrInterface() {
        return (access & (ACC_ABSTRACT | ACC_INTERFACE)) != 0;
    }

    /** Java release that produced a class file version (52 = 8, 61 = 17). */
    public static int javaRelease(int major) {
        return major - 44;
    }

    /**
     * Whether the constant pool has a UTF-8 entry equal to s. Only ASCII strings are asked for
     * (Flink's trait names), whose modified UTF-8 form is their bytes.
     */
    public boolean hasUtf8(String s) {
        for (int i = 0; i < utf8.length; i += 2) {
            if (utf8[i + 1] == s.length() && equalsAscii(bytes, utf8[i], s)) {
                return true;
            }
        }
        return false;
    }

    private static boolean equalsAscii(byte[] b, int off, String s) {
        for (int i = 0; i < s.length(); i++) {
            if (b[off + i] != s.charAt(i)) {
                return false;
            }
        }
        return true;
    }

    /**
     * Reads the header from the whole class file at once: a JAR entry's stream inflates on every
     * read, and a describe scans each class file of the JAR before the JIT has compiled anything.
     * Strings are decoded only for the class and its superclass.
     */
    public static ClassFileInfo read(InputStream in) throws IOException {
        Cursor c = new Cursor(in.readAllBytes());
        if (c.u4() != 0xCAFEBABE) {
            throw new IOException("not a class file (bad magic number)");
        }
        c.u2(); // minor
        int major = c.u2();
        int count = c.u2();
        int[] utf8At = new int[count]; // offset of a Utf8 entry's length, or of a Class entry's index
        int[] utf8 = new int[2 * count];
        int nutf8 = 0;
        for (int i = 1; i < count; i++) {
            int tag = c.u1();
            switch (tag) {
                case 1: // Utf8
                    int len = c.u2();
                    utf8At[i] = c.pos;
                    utf8[nutf8++] = c.pos;
                    utf8[nutf8++] = len;
                    c.skip(len);
                    break;
                case 7: // Class
                    utf8At[i] = -c.u2(); // negative: the Utf8 entry it names
                    break;
                case 8: // String
                case 16: // MethodType
                case 19: // Module
                case 20: // Package
                    c.skip(2);
                    break;
                case 15: // MethodHandle
                    c.skip(3);
                    break;
                case 3: // Integer
                case 4: // Float
                case 9: // Fieldref
                case 10: // Methodref
                case 11: // InterfaceMethodref
                case 12: // NameAndType
                case 17: // Dynamic
                case 18: // InvokeDynamic
                    c.skip(4);
                    break;
                case 5: // Long
                case 6: // Double
                    c.skip(8);
                    i++; // takes two slots
                    break;
                default:
                    throw new IOException("unknown constant pool tag " + tag);
            }
        }
        int access = c.u2();
        int thisClass = c.u2();
        int superClass = c.u2();
        String name = className(c.b, utf8At, thisClass);
        String superName = superClass == 0 ? null : className(c.b, utf8At, superClass);
        return new ClassFileInfo(major, access, name, superName, c.b, Arrays.copyOf(utf8, nutf8));
    }

    private static String className(byte[] b, int[] utf8At, int index) throws IOException {
        int utf = index > 0 && index < utf8At.length && utf8At[index] < 0 ? -utf8At[index] : 0;
        if (utf <= 0 || utf >= utf8At.length || utf8At[utf] <= 0) {
            throw new IOException("malformed class reference in constant pool");
        }
        int at = utf8At[utf];
        int len = ((b[at - 2] & 0xff) << 8) | (b[at - 1] & 0xff);
        return new DataInputStream(new ByteArrayInputStream(b, at - 2, len + 2)).readUTF().replace('/', '.');
    }

    /** Big-endian reads over the class file; running off its end is a truncated class file. */
    private static final class Cursor {
        final byte[] b;
        int pos;

        Cursor(byte[] b) {
            this.b = b;
        }

        int u1() throws IOException {
            need(1);
            return b[pos++] & 0xff;
        }

        int u2() throws IOException {
            need(2);
            int v = ((b[pos] & 0xff) << 8) | (b[pos + 1] & 0xff);
            pos += 2;
            return v;
        }

        int u4() throws IOException {
            int hi = u2();
            return (hi << 16) | u2();
        }

        void skip(int n) throws IOException {
            need(n);
            pos += n;
        }

        private void need(int n) throws IOException {
            if (b.length - pos < n) {
                throw new EOFException();
            }
        }
    }
}
