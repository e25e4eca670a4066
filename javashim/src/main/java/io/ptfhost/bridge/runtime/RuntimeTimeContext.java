package io.ptfhost.bridge.runtime;

import org.apache.flink.table.api.TableRuntimeException;
import org.apache.flink.table.functions.ProcessTableFunction.TimeContext;

import java.time.Instant;
import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.util.Objects;

/**
 * {@link TimeContext} over the current {@link Event}, in one of Flink's three conversion classes.
 * Times are epoch milliseconds; LocalDateTime is read as UTC wall time, as in Flink.
 *
 * <p>Timer calls become TIMER_* messages for C, which owns the timers. Where the plan does not
 * allow timers, registering fails with Flink's message and clearing is a silent no-op (Flink's
 * read-only time context). Null checks come first, as in Flink.
 */
final class RuntimeTimeContext<T> implements TimeContext<T> {

    /** Converts between epoch milliseconds and a conversion class. */
    enum Conversion {
        LONG {
            @Override
            Object toExternal(long millis) {
                return millis;
            }

            @Override
            long toInternal(Object time) {
                return (Long) time;
            }
        },
        INSTANT {
            @Override
            Object toExternal(long millis) {
                return Instant.ofEpochMilli(millis);
            }

            @Override
            long toInternal(Object time) {
                return ((Instant) time).toEpochMilli();
            }
        },
        LOCAL_DATE_TIME {
            @Override
            Object toExternal(long millis) {
                return LocalDateTime.ofEpochSecond(
                        Math.floorDiv(millis, 1000L), (int) Math.floorMod(millis, 1000L) * 1_000_000, ZoneOffset.UTC);
            }

            @Override
            long toInternal(Object time) {
                return ((LocalDateTime) time).toInstant(ZoneOffset.UTC).toEpochMilli();
            }
        };

        abstract Object toExternal(long millis);

        abstract long toInternal(Object time);

        static Conversion of(Class<?> conversionClass) {
            if (conversionClass == Instant.class) {
                return INSTANT;
            }
            if (conversionClass == LocalDateTime.class) {
                return LOCAL_DATE_TIME;
            }
            if (conversionClass == Long.class) {
                return LONG;
            }
            throw new TableRuntimeException(
                    "Unsupported conversion class for TimeContext: " + conversionClass.getName());
        }
    }

    static final String TIMERS_NOT_SUPPORTED = "Timers are not supported in the current PTF declaration. "
            + "Note that only PTFs that take set semantic tables support timers. "
            + "Also timers are not available for advanced traits such as supporting pass-through columns or updates.";

    private final Conversion conversion;
    private final Event event;
    private final Timers timers;

    RuntimeTimeContext(Conversion conversion, Event event, Timers timers) {
        this.conversion = conversion;
        this.event = event;
        this.timers = timers;
    }

    @SuppressWarnings("unchecked")
    private T external(long millis) {
        return millis == Event.NONE ? null : (T) conversion.toExternal(millis);
    }

    @Override
    @SuppressWarnings("unchecked")
    public T time() {
        return event.timer ? (T) conversion.toExternal(event.time) : external(event.time);
    }

    @Override
    public T tableWatermark() {
        return external(event.tableWatermark);
    }

    @Override
    public T currentWatermark() {
        return external(event.watermark);
    }

    @Override
    public void registerOnTime(String name, T time) {
        Objects.requireNonNull(name, "Name must not be null.");
        Objects.requireNonNull(time, "Time must not be null.");
        checkTimersAllowed();
        timers.set(name, conversion.toInternal(time));
    }

    @Override
    public void registerOnTime(T time) {
        Objects.requireNonNull(time, "Time must not be null.");
        checkTimersAllowed();
        timers.set(null, conversion.toInternal(time));
    }

    @Override
    public void clearTimer(String name) {
        Objects.requireNonNull(name, "Name must not be null.");
        if (timers.allowed()) {
            timers.clear(name, Event.NONE);
        }
    }

    @Override
    public void clearTimer(T time) {
        Objects.requireNonNull(time, "Time must not be null.");
        if (timers.allowed()) {
            timers.clear(null, conversion.toInternal(time));
        }
    }

    @Override
    public void clearAllTimers() {
        if (timers.allowed()) {
            timers.clearAll();
        }
    }

    private void checkTimersAllowed() {
        if (!timers.allowed()) {
            throw new TableRuntimeException(TIMERS_NOT_SUPPORTED);
        }
    }
}
