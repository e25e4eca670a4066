package io.ptfhost.bridge.codec;

import static io.ptfhost.testkit.Assert.assertTrue;

import io.ptfhost.bridge.types.TypeParser;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.List;

/**
 * The Java type parser and printer (io.ptfhost.bridge.types) against the type-string vectors
 * shared with native/types/types.c (tests/vectors/types.vec): the codecs of both languages are
 * built from these parsers, so they must read every type string alike.
 */
public final class TypeVectorsTest {
    public static void testJavaPrintsTheSharedSummaries() throws Exception {
        List<String> lines = Files.readAllLines(Vectors.file().resolveSibling("types.vec"), StandardCharsets.UTF_8);
        List<String> failures = new ArrayList<>();
        int n = 0;
        for (String line : lines) {
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            int sep = line.indexOf(" => ");
            String in = line.substring(0, sep);
            String want = line.substring(sep + 4);
            n++;
            try {
                String got = TypeParser.parse(in).toString();
                if (!got.equals(want)) {
                    failures.add(in + " printed " + got + ", want " + want);
                }
            } catch (RuntimeException e) {
                failures.add(in + ": " + e.getMessage());
            }
        }
        assertTrue(n > 50, "vectors read: " + n);
        assertTrue(failures.isEmpty(), failures.size() + " of " + n + " differ:\n" + String.join("\n", failures));
    }
}
