package io.ptfhost.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Finds the shared test vectors (tests/vectors/) that the C and the Java tests both read. */
public final class VectorFiles {
    private VectorFiles() {}

    /**
     * tests/vectors/name below PTFHOST_ROOT (set by ctest), else below the nearest folder above the
     * working directory that has it.
     */
    public static Path path(String name) {
        String rel = "tests/vectors/" + name;
        String root = System.getenv("PTFHOST_ROOT");
        Path p = root != null ? Paths.get(root) : Paths.get("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve(rel))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException(rel + " not found; set PTFHOST_ROOT");
        }
        return p.resolve(rel);
    }
}
