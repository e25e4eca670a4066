package io.ptfhost.bridge.runtime;

import org.apache.flink.table.api.TableRuntimeException;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.table.functions.TableSemantics;

import java.util.Arrays;
import java.util.Map;

/**
 * The {@link ProcessTableFunction.Context} passed to {@code eval}; {@link OnTimer} is the one
 * passed to {@code onTimer}. One instance of each per function, reused for every call.
 *
 * <p>clearState/clearAllState only mark entries: the runtime applies them after the call
 * returns, as Flink does. Timer calls go to {@link Timers} (C owns the timers).
 */
class RuntimeContext implements ProcessTableFunction.Context {

    private final Map<String, RuntimeTableSemantics> tables;
    private final Map<String, Integer> stateIndex;
    private final boolean[] cleared;
    private final Timers timers;
    private final ChangelogMode changelogMode;
    private final RuntimeTimeContext<?>[] timeContexts =
            new RuntimeTimeContext<?>[RuntimeTimeContext.Conversion.values().length];

    RuntimeContext(Map<String, RuntimeTableSemantics> tables, Map<String, Integer> stateIndex, boolean[] cleared,
            Event event, Timers timers, ChangelogMode changelogMode) {
        this.tables = tables;
        this.stateIndex = stateIndex;
        this.cleared = cleared;
        this.timers = timers;
        this.changelogMode = changelogMode;
        for (RuntimeTimeContext.Conversion c : RuntimeTimeContext.Conversion.values()) {
            timeContexts[c.ordinal()] = new RuntimeTimeContext<>(c, event, timers);
        }
    }

    @Override
    @SuppressWarnings("unchecked")
    public <TimeType> ProcessTableFunction.TimeContext<TimeType> timeContext(Class<TimeType> conversionClass) {
        return (ProcessTableFunction.TimeContext<TimeType>)
                timeContexts[RuntimeTimeContext.Conversion.of(conversionClass).ordinal()];
    }

    @Override
    public TableSemantics tableSemanticsFor(String argName) {
        RuntimeTableSemantics t = tables.get(argName);
        if (t == null) {
            throw new TableRuntimeException("Unknown table argument: " + argName);
        }
        return t;
    }

    @Override
    public void clearState(String stateName) {
        Integer i = stateIndex.get(stateName);
        if (i == null) {
            throw new TableRuntimeException("Unknown state entry: " + stateName);
        }
        cleared[i] = true;
    }

    @Override
    public void clearAllState() {
        Arrays.fill(cleared, true);
    }

    @Override
    public void clearAllTimers() {
        if (timers.allowed()) {
            timers.clearAll();
        }
    }

    @Override
    public void clearAll() {
        clearAllState();
        clearAllTimers();
    }

    @Override
    public ChangelogMode getChangelogMode() {
        return changelogMode;
    }

    /** The context of {@code onTimer}: adds the firing timer's name. */
    static final class OnTimer extends RuntimeContext implements ProcessTableFunction.OnTimerContext {

        private final Event event;

        OnTimer(Map<String, RuntimeTableSemantics> tables, Map<String, Integer> stateIndex, boolean[] cleared,
                Event event, Timers timers, ChangelogMode changelogMode) {
            super(tables, stateIndex, cleared, event, timers, changelogMode);
            this.event = event;
        }

        @Override
        public String currentTimer() {
            return event.timerName;
        }
    }
}
