package io.ptfhost.bridge.render;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.Map;

/**
 * The checked-in render vectors must be exactly what this JVM prints; otherwise the C test
 * would be checking against stale expectations. Regenerate with
 * {@code tests/vectors/render/regenerate.sh}.
 */
public final class RenderVectorsTest {

    private static Path vectorDir() {
        String root = System.getenv("PTFHOST_ROOT");
        return Paths.get(root != null ? root : ".").resolve("tests/vectors/render");
    }

    public static void testCheckedInVectorsAreWhatJavaPrints() throws IOException {
        for (Map.Entry<String, String> e : RenderVectors.generate().entrySet()) {
            Path p = vectorDir().resolve(e.getKey());
            assertTrue(Files.exists(p), "missing " + p + "; run tests/vectors/render/regenerate.sh");
            String onDisk = new String(Files.readAllBytes(p), StandardCharsets.UTF_8);
            String[] want = e.getValue().split("\n", -1);
            String[] have = onDisk.split("\n", -1);
            for (int i = 0; i < Math.min(want.length, have.length); i++) {
                assertTrue(want[i].equals(have[i]), p + ":" + (i + 1) + " is '" + have[i] + "' but this JVM prints '"
                        + want[i] + "'; run tests/vectors/render/regenerate.sh");
            }
            assertTrue(want.length == have.length, p + ": " + have.length + " lines, expected " + want.length);
        }
    }

    public static void testRowToStringShapes() {
        // The corpus helpers themselves: what the C side is compared against.
        assertEquals("[1, -2]", RenderVectors.javaText(new byte[] {1, -2}));
        assertEquals("+I[1, a]", RenderVectors.javaText(RenderVectors.row(RenderVectors.i32(1),
                RenderVectors.str("a")).external));
        assertEquals("2026-01-01T00:03", RenderVectors.javaText(RenderVectors.ts(1767225780000L, 0).external));
        assertEquals("1.0850", RenderVectors.javaText(RenderVectors.dec(10850, 4).external));
    }
}
