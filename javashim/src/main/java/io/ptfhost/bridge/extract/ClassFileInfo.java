package io.ptfhost.bridge.extract;

import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.HashSet;
import java.util.Set;

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
    public final Set<String> utf8;

    private ClassFileInfo(int majorVersion, int access, String name, String superName, Set<String> utf8) {
        this.majorVersion = majorVersion;
        this.access = access;
        this.name = name;
        this.superName = superName;
        this.utf8 = utf8;
    }

    public boolean isAbstractOrInterface() {
        return (access & (ACC_ABSTRACT | ACC_INTERFACE)) != 0;
    }

    /** Java release that produced a class file version (52 = 8, 61 = 17). */
    public static int javaRelease(int major) {
        return major - 44;
    }

    public static ClassFileInfo read(InputStream in) throws IOException {
        DataInputStream data = new DataInputStream(in);
        if (data.readInt() != 0xCAFEBABE) {
            throw new IOException("not a class file (bad magic number)");
        }
        data.readUnsignedShort(); // minor
        int major = data.readUnsignedShort();
        int count = data.readUnsignedShort();
        String[] strings = new String[count];
        int[] classNameIndex = new int[count];
        Set<String> utf8 = new HashSet<>();
        for (int i = 1; i < count; i++) {
            int tag = data.readUnsignedByte();
            switch (tag) {
                case 1: // Utf8
                    strings[i] = data.readUTF();
                    utf8.add(strings[i]);
                    break;
                case 7: // Class
                    classNameIndex[i] = data.readUnsignedShort();
                    break;
                case 8: // String
                case 16: // MethodType
                case 19: // Module
                case 20: // Package
                    data.readUnsignedShort();
                    break;
                case 15: // MethodHandle
                    data.readUnsignedByte();
                    data.readUnsignedShort();
                    break;
                case 3: // Integer
                case 4: // Float
                case 9: // Fieldref
                case 10: // Methodref
                case 11: // InterfaceMethodref
                case 12: // NameAndType
                case 17: // Dynamic
                case 18: // InvokeDynamic
                    data.readInt();
                    break;
                case 5: // Long
                case 6: // Double
                    data.readLong();
                    i++; // takes two slots
                    break;
                default:
                    throw new IOException("unknown constant pool tag " + tag);
            }
        }
        int access = data.readUnsignedShort();
        int thisClass = data.readUnsignedShort();
        int superClass = data.readUnsignedShort();
        String name = className(strings, classNameIndex, thisClass);
        String superName = superClass == 0 ? null : className(strings, classNameIndex, superClass);
        return new ClassFileInfo(major, access, name, superName, utf8);
    }

    private static String className(String[] strings, int[] classNameIndex, int index) throws IOException {
        if (index <= 0 || index >= classNameIndex.length || strings[classNameIndex[index]] == null) {
            throw new IOException("malformed class reference in constant pool");
        }
        return strings[classNameIndex[index]].replace('/', '.');
    }
}
