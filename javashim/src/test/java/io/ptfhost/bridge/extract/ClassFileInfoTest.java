package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.io.ByteArrayInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;

/** The class-file header describe's JAR scan reads: names, flags, version, constant-pool strings. */
public final class ClassFileInfoTest {

    private static final String SOURCE = "package q;\n"
            + "public abstract class Name extends org.apache.flink.table.functions.ProcessTableFunction<Long> {\n"
            + "  static final long BIG = 1L << 40; static final double D = 0.5; static final String S = \"TABLE_AS_SET\";\n"
            + "  static final String GREETING = \"Gr\\u00fc\\u00dfe \\ud83d\\ude00\";\n" // 2-, 3- and 6-byte forms
            + "  public void eval(Integer x) { Runnable r = () -> collect(BIG); r.run(); }\n"
            + "}\n";

    private static byte[] compiled() throws Exception {
        Path classes = JarFixtures.compile(Collections.singletonMap("q.Name", SOURCE), JarFixtures.shimClasspath());
        return Files.readAllBytes(classes.resolve("q/Name.class"));
    }

    private static ClassFileInfo read(byte[] b) throws IOException {
        return ClassFileInfo.read(new ByteArrayInputStream(b));
    }

    public static void testHeaderOfARealClass() throws Exception {
        byte[] b = compiled();
        ClassFileInfo info = read(b); // longs, doubles, strings, an invokedynamic
        assertEquals("q.Name", info.name);
        assertEquals(Describer.PTF_CLASS, info.superName);
        assertTrue(info.isAbstractOrInterface(), "abstract");
        assertEquals(((b[6] & 0xff) << 8) | (b[7] & 0xff), info.majorVersion);
        assertTrue(info.hasUtf8("TABLE_AS_SET"), "a string constant's UTF-8 entry");
        assertTrue(info.hasUtf8("eval"), "a method name");
        assertTrue(!info.hasUtf8("TABLE_AS_ROW"), "absent string");
        assertTrue(!info.hasUtf8("TABLE_AS_SE"), "a prefix is not the string");
    }

    public static void testObjectHasNoSuperclass() throws Exception {
        try (InputStream in = Object.class.getResourceAsStream("Object.class")) {
            ClassFileInfo info = ClassFileInfo.read(in);
            assertEquals("java.lang.Object", info.name);
            assertEquals(null, info.superName);
        }
    }

    public static void testTruncatedAndForeignFilesAreIoErrors() throws Exception {
        byte[] b = compiled();
        int truncated = 0;
        for (int len = 0; len < b.length; len++) { // every cut: the whole header, or an EOF, nothing else
            byte[] cut = Arrays.copyOf(b, len);
            try {
                assertEquals("q.Name", read(cut).name);
            } catch (EOFException e) {
                truncated++;
            }
        }
        assertTrue(truncated > b.length / 4, truncated + " of " + b.length + " cuts were EOF");
        byte[] foreign = "PK\u0003\u0004 not a class".getBytes("ISO-8859-1");
        IOException e = assertThrows(UncheckedIOException.class, () -> readUnchecked(foreign)).getCause();
        assertEquals("not a class file (bad magic number)", e.getMessage());
    }

    private static void readUnchecked(byte[] b) {
        try {
            read(b);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
