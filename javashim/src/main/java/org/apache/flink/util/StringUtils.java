package org.apache.flink.util;

import org.apache.flink.annotation.PublicEvolving;

import java.util.Arrays;

/** String helpers used by the API's rendering. */
@PublicEvolving
public final class StringUtils {

    private StringUtils() {}

    /** {@code null}, arrays (also nested and primitive) as {@code [1, 2]}, else {@code toString()}. */
    public static String arrayAwareToString(Object o) {
        String s = Arrays.deepToString(new Object[] {o});
        return s.substring(1, s.length() - 1);
    }

    /** Whether the string is null, empty or whitespace only. */
    public static boolean isNullOrWhitespaceOnly(String str) {
        return str == null || str.chars().allMatch(Character::isWhitespace);
    }
}
