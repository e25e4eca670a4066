package io.ptfhost.testkit;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;

/** Where the shared test vectors are: tests/vectors/ below PTFHOST_ROOT or an enclosing folder. */
public final class VectorFiles {
    private VectorFiles() {}

    public static Path find(String name) {
        String root = System.getenv("PTFHOST_ROOT");
        Path p = root != null ? Paths.get(root) : Paths.get("").toAbsolutePath();
        while (p != null && !Files.exists(p.resolve("tests/vectors").resolve(name))) {
            p = p.getParent();
        }
        if (p == null) {
            throw new IllegalStateException("tests/vectors/" + name + " not found; set PTFHOST_ROOT");
        }
        return p.resolve("tests/vectors").resolve(name);
    }
}
