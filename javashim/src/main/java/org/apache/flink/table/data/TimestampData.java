package org.apache.flink.table.data;

import org.apache.flink.annotation.PublicEvolving;

import java.sql.Timestamp;
import java.time.Instant;
import java.time.LocalDate;
import java.time.LocalDateTime;
import java.time.LocalTime;

/**
 * Internal representation of TIMESTAMP and TIMESTAMP_LTZ values: epoch milliseconds plus
 * nanoseconds within the millisecond.
 */
@PublicEvolving
public final class TimestampData implements Comparable<TimestampData> {

    private static final long MILLIS_PER_DAY = 86_400_000L;

    private final long millisecond;

    private final int nanoOfMillisecond;

    private TimestampData(long millisecond, int nanoOfMillisecond) {
        if (nanoOfMillisecond < 0 || nanoOfMillisecond > 999_999) {
            throw new IllegalArgumentException("nanoOfMillisecond must be between 0 and 999999.");
        }
        this.millisecond = millisecond;
        this.nanoOfMillisecond = nanoOfMillisecond;
    }

    public long getMillisecond() {
        return millisecond;
    }

    public int getNanoOfMillisecond() {
        return nanoOfMillisecond;
    }

    public Timestamp toTimestamp() {
        return Timestamp.valueOf(toLocalDateTime());
    }

    public LocalDateTime toLocalDateTime() {
        long days = Math.floorDiv(millisecond, MILLIS_PER_DAY);
        long millisOfDay = Math.floorMod(millisecond, MILLIS_PER_DAY);
        long nanoOfDay = millisOfDay * 1_000_000L + nanoOfMillisecond;
        return LocalDateTime.of(LocalDate.ofEpochDay(days), LocalTime.ofNanoOfDay(nanoOfDay));
    }

    public Instant toInstant() {
        return Instant.ofEpochSecond(Math.floorDiv(millisecond, 1000L),
                Math.floorMod(millisecond, 1000L) * 1_000_000L + nanoOfMillisecond);
    }

    @Override
    public int compareTo(TimestampData that) {
        int c = Long.compare(millisecond, that.millisecond);
        return c != 0 ? c : Integer.compare(nanoOfMillisecond, that.nanoOfMillisecond);
    }

    @Override
    public boolean equals(Object o) {
        if (!(o instanceof TimestampData)) {
            return false;
        }
        TimestampData that = (TimestampData) o;
        return millisecond == that.millisecond && nanoOfMillisecond == that.nanoOfMillisecond;
    }

    @Override
    public int hashCode() {
        return (int) (millisecond ^ (millisecond >>> 32)) * 31 + nanoOfMillisecond;
    }

    @Override
    public String toString() {
        return toLocalDateTime().toString();
    }

    public static TimestampData fromEpochMillis(long milliseconds) {
        return new TimestampData(milliseconds, 0);
    }

    public static TimestampData fromEpochMillis(long milliseconds, int nanosOfMillisecond) {
        return new TimestampData(milliseconds, nanosOfMillisecond);
    }

    public static TimestampData fromLocalDateTime(LocalDateTime dateTime) {
        long epochDay = dateTime.toLocalDate().toEpochDay();
        long nanoOfDay = dateTime.toLocalTime().toNanoOfDay();
        long millis = epochDay * MILLIS_PER_DAY + nanoOfDay / 1_000_000L;
        return new TimestampData(millis, (int) (nanoOfDay % 1_000_000L));
    }

    public static TimestampData fromTimestamp(Timestamp timestamp) {
        return fromLocalDateTime(timestamp.toLocalDateTime());
    }

    public static TimestampData fromInstant(Instant instant) {
        long millis = Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1000L), instant.getNano() / 1_000_000);
        return new TimestampData(millis, instant.getNano() % 1_000_000);
    }

    /** Whether a timestamp of this precision fits into epoch milliseconds alone. */
    public static boolean isCompact(int precision) {
        return precision <= 3;
    }
}
