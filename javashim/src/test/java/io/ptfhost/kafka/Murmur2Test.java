package io.ptfhost.kafka;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.List;

import io.ptfhost.testkit.VectorFiles;

/**
 * The partition Kafka's Java producer picks for a keyed record, against the shared vectors
 * (tests/vectors/murmur2.txt) that tests/unit/test_kafka.c checks against librdkafka's
 * murmur2 partitioner, the one ptfhost's kafka sink uses. The hash is MurmurHash2 (32 bit)
 * as Kafka specifies it: seed 0x9747b28c, m 0x5bd1e995, r 24, 4-byte little-endian blocks;
 * partition = (hash &amp; 0x7fffffff) % partitions. Written from that description.
 */
public final class Murmur2Test {
    private static final int SEED = 0x9747b28c;
    private static final int M = 0x5bd1e995;
    private static final int R = 24;

    static int murmur2(byte[] data) {
        int h = SEED ^ data.length;
        int blocks = data.length / 4;
        for (int i = 0; i < blocks; i++) {
            int at = 4 * i;
            int k = (data[at] & 0xff) | (data[at + 1] & 0xff) << 8 | (data[at + 2] & 0xff) << 16
                    | (data[at + 3] & 0xff) << 24;
            k *= M;
            k ^= k >>> R;
            k *= M;
            h = h * M ^ k;
        }
        int tail = 4 * blocks;
        int rest = data.length - tail;
        if (rest > 0) {
            if (rest == 3) {
                h ^= (data[tail + 2] & 0xff) << 16;
            }
            if (rest >= 2) {
                h ^= (data[tail + 1] & 0xff) << 8;
            }
            h ^= data[tail] & 0xff;
            h *= M;
        }
        h ^= h >>> 13;
        h *= M;
        h ^= h >>> 15;
        return h;
    }

    static int partition(byte[] key, int partitions) {
        return (murmur2(key) & 0x7fffffff) % partitions;
    }

    private static byte[] hex(String s) {
        if (s.equals("-")) {
            return new byte[0];
        }
        byte[] b = new byte[s.length() / 2];
        for (int i = 0; i < b.length; i++) {
            b[i] = (byte) Integer.parseInt(s.substring(2 * i, 2 * i + 2), 16);
        }
        return b;
    }

    public static void testKafkasPublishedHashes() {
        String[] keys = {"1", "12", "123", "1234", "12345"};
        int[] hashes = {-1993445489, 126087238, -267702483, -1614185708, -1188365604};
        for (int i = 0; i < keys.length; i++) {
            assertEquals(hashes[i], murmur2(keys[i].getBytes(StandardCharsets.UTF_8)));
        }
    }

    public static void testEverySharedVectorLandsOnItsPartition() throws Exception {
        List<String> lines = Files.readAllLines(VectorFiles.path("murmur2.txt"), StandardCharsets.UTF_8);
        int checked = 0;
        for (String line : lines) {
            if (line.startsWith("#") || line.isBlank()) {
                continue;
            }
            String[] f = line.trim().split(" +");
            int got = partition(hex(f[0]), Integer.parseInt(f[1]));
            assertEquals(line, f[0] + " " + f[1] + " " + got);
            checked++;
        }
        assertTrue(checked > 100, "murmur2.txt holds more than 100 vectors (" + checked + ")");
    }
}
