package io.ptfhost.bridge.extract;

import java.io.File;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.jar.JarEntry;
import java.util.jar.JarOutputStream;
import java.util.stream.Collectors;
import java.util.stream.Stream;

import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;

/** Compiles Java sources with chosen javac flags and packs JARs, for tests of user-JAR handling. */
final class JarFixtures {
    private JarFixtures() {}

    /** Compiles {@code sources} (class name -> source) into a new temp folder; returns the folder. */
    static Path compile(Map<String, String> sources, String classpath, String... flags) throws IOException {
        Path dir = Files.createTempDirectory("ptfhost-test");
        Path src = dir.resolve("src");
        Path out = dir.resolve("classes");
        Files.createDirectories(out);
        List<String> args = new ArrayList<>(Arrays.asList(flags));
        args.addAll(Arrays.asList("--release", "11", "-nowarn", "-cp", classpath, "-d", out.toString()));
        for (Map.Entry<String, String> e : sources.entrySet()) {
            Path file = src.resolve(e.getKey().replace('.', '/') + ".java");
            Files.createDirectories(file.getParent());
            Files.write(file, e.getValue().getBytes(StandardCharsets.UTF_8));
            args.add(file.toString());
        }
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            throw new IllegalStateException("no system Java compiler (run the tests with a JDK)");
        }
        StringWriter log = new StringWriter();
        int rc = javac.run(null, null, new java.io.PrintStream(new java.io.ByteArrayOutputStream()) {
            @Override
            public void write(byte[] b, int off, int len) {
                log.write(new String(b, off, len, StandardCharsets.UTF_8));
            }
        }, args.toArray(new String[0]));
        if (rc != 0) {
            throw new IllegalStateException("javac failed: " + log);
        }
        return out;
    }

    /** Packs every file under {@code classes} plus extra entries (path -> bytes) into a JAR. */
    static File jar(Path classes, Map<String, byte[]> extra) throws IOException {
        File jar = File.createTempFile("ptfhost-test", ".jar");
        jar.deleteOnExit();
        try (JarOutputStream out = new JarOutputStream(new FileOutputStream(jar));
                Stream<Path> files = Files.walk(classes)) {
            for (Path p : files.filter(Files::isRegularFile).collect(Collectors.toList())) {
                out.putNextEntry(new JarEntry(classes.relativize(p).toString().replace(File.separatorChar, '/')));
                out.write(Files.readAllBytes(p));
                out.closeEntry();
            }
            for (Map.Entry<String, byte[]> e : extra.entrySet()) {
                out.putNextEntry(new JarEntry(e.getKey()));
                out.write(e.getValue());
                out.closeEntry();
            }
        }
        return jar;
    }

    static String shimClasspath() {
        return System.getProperty("java.class.path");
    }
}
