package org.apache.flink.table.functions;

import org.apache.flink.annotation.PublicEvolving;
import org.apache.flink.table.catalog.DataTypeFactory;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.types.extraction.TypeInferenceExtractor;
import org.apache.flink.table.types.inference.TypeInference;
import org.apache.flink.util.Collector;

/**
 * Base class of a process table function (PTF): a user-defined function that takes tables and
 * scalars, may keep state per PARTITION BY key, may register timers and emits rows of type
 * {@code T} via {@link #collect(Object)}.
 *
 * <p>Subclasses declare a public {@code void eval(...)} method, laid out as {@code eval([Context
 * ctx,] [@StateHint state...,] args...)}, and optionally a public {@code void onTimer([OnTimerContext
 * ctx,] [state...])}. Neither is declared here: they are found by reflection.
 *
 * @param <T> the type of the emitted rows (a {@code Row}, a POJO, or an atomic type)
 */
@PublicEvolving
public abstract class ProcessTableFunction<T> extends UserDefinedFunction {

    private static final long serialVersionUID = 1L;

    /** Set by the runtime before the first call. */
    private transient Collector<T> collector;

    /** Internal use: the runtime installs the collector that receives emitted rows. */
    public final void setCollector(Collector<T> collector) {
        this.collector = collector;
    }

    /** Emits a row. A null composite row is skipped by the runtime. */
    protected final void collect(T row) {
        collector.collect(row);
    }

    @Override
    public final FunctionKind getKind() {
        return FunctionKind.PROCESS_TABLE;
    }

    /** Extracts the type inference reflectively from {@code eval}, the hints and {@code T}. */
    @Override
    @SuppressWarnings({"unchecked", "rawtypes"})
    public TypeInference getTypeInference(DataTypeFactory typeFactory) {
        return TypeInferenceExtractor.forProcessTableFunction(typeFactory, (Class) getClass());
    }

    /** Context available as the optional first parameter of {@code eval}. */
    @PublicEvolving
    public interface Context {

        /**
         * Returns the time context of the currently processed event in the given conversion class
         * ({@code java.time.Instant}, {@code java.time.LocalDateTime} or {@code Long}, all in epoch
         * milliseconds).
         */
        <TimeType> TimeContext<TimeType> timeContext(Class<TimeType> conversionClass);

        /** Returns how the table argument of the given name is partitioned, ordered and typed. */
        TableSemantics tableSemanticsFor(String argName);

        /** Clears the state entry of the given name when {@code eval} returns. */
        void clearState(String stateName);

        /** Clears all state entries of the current key when {@code eval} returns. */
        void clearAllState();

        /** Deletes all timers of the current key. */
        void clearAllTimers();

        /** {@link #clearAllState()} plus {@link #clearAllTimers()}. */
        void clearAll();

        /** The changelog mode the framework expects this function to emit. */
        ChangelogMode getChangelogMode();
    }

    /**
     * Time-related view of the currently processed event: its time, watermarks and timers.
     *
     * @param <TimeType> the conversion class of all times
     */
    @PublicEvolving
    public interface TimeContext<TimeType> {

        /** Time of the current event: the {@code on_time} column of a row, or the firing timer's time. */
        TimeType time();

        /** Watermark of the table currently processed; null in {@code onTimer} or before one arrived. */
        TimeType tableWatermark();

        /** Minimum watermark over all inputs; null until every input delivered one. */
        TimeType currentWatermark();

        /** Registers (or replaces) the timer of the given name. */
        void registerOnTime(String name, TimeType time);

        /** Registers an unnamed timer; one per timestamp. */
        void registerOnTime(TimeType time);

        /** Clears the named timer; ignored if absent. */
        void clearTimer(String name);

        /** Clears the unnamed timer of that time; ignored if absent. */
        void clearTimer(TimeType time);

        /** Deletes all timers of the current key. */
        void clearAllTimers();
    }

    /** Context available as the optional first parameter of {@code onTimer}. */
    @PublicEvolving
    public interface OnTimerContext extends Context {

        /** The name of the firing timer, or null for an unnamed timer. */
        String currentTimer();
    }
}
