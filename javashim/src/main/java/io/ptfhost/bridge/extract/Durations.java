package io.ptfhost.bridge.extract;

import java.math.BigInteger;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Flink's duration syntax ({@code TimeUtils.parseDuration}), used by {@code @StateHint(ttl)}:
 * an integer followed by an optional unit label ("30 s", "45 min", "7 days"); no label means
 * milliseconds. Error messages are Flink's.
 */
public final class Durations {
    private Durations() {}

    // unit name -> labels, in Flink's TimeUnit order (the error message lists them like this)
    private static final Map<String, String[]> UNITS = new LinkedHashMap<>();
    private static final Map<String, Long> NANOS_PER_LABEL = new LinkedHashMap<>();

    static {
        unit("DAYS", 86_400_000_000_000L, "d", "day", "days");
        unit("HOURS", 3_600_000_000_000L, "h", "hour", "hours");
        unit("MINUTES", 60_000_000_000L, "min", "m", "minute", "minutes");
        unit("SECONDS", 1_000_000_000L, "s", "sec", "secs", "second", "seconds");
        unit("MILLISECONDS", 1_000_000L, "ms", "milli", "millis", "millisecond", "milliseconds");
        unit("MICROSECONDS", 1_000L, "\u00b5s", "micro", "micros", "microsecond", "microseconds");
        unit("NANOSECONDS", 1L, "ns", "nano", "nanos", "nanosecond", "nanoseconds");
    }

    private static void unit(String name, long nanos, String... labels) {
        UNITS.put(name, labels);
        for (String l : labels) {
            NANOS_PER_LABEL.put(l, nanos);
        }
    }

    public static Duration parse(String text) {
        String trimmed = text.trim();
        if (trimmed.isEmpty()) {
            throw new IllegalArgumentException("argument is an empty- or whitespace-only string");
        }
        int pos = 0;
        while (pos < trimmed.length() && trimmed.charAt(pos) >= '0' && trimmed.charAt(pos) <= '9') {
            pos++;
        }
        String number = trimmed.substring(0, pos);
        String label = trimmed.substring(pos).trim().toLowerCase(Locale.US);
        if (number.isEmpty()) {
            throw new NumberFormatException("text does not start with a number");
        }
        BigInteger value = new BigInteger(number);
        Long nanos = label.isEmpty() ? Long.valueOf(1_000_000L) : NANOS_PER_LABEL.get(label);
        if (nanos == null) {
            throw new IllegalArgumentException("Time interval unit label '" + label
                    + "' does not match any of the recognized units: " + allUnits());
        }
        try {
            return Duration.ofNanos(value.multiply(BigInteger.valueOf(nanos)).longValueExact());
        } catch (ArithmeticException e) {
            throw new IllegalArgumentException(
                    "The value '" + number + "' cannot be represented as 64bit number (numeric overflow).");
        }
    }

    private static String allUnits() {
        StringBuilder sb = new StringBuilder();
        for (Map.Entry<String, String[]> e : UNITS.entrySet()) {
            if (sb.length() > 0) {
                sb.append(", ");
            }
            sb.append(e.getKey()).append(": (").append(String.join(" | ", e.getValue())).append(')');
        }
        return sb.toString();
    }
}
