package io.ptfhost.bridge.runtime;

import static io.ptfhost.testkit.Assert.assertEquals;

import org.apache.flink.table.annotation.ArgumentHint;
import org.apache.flink.table.annotation.ArgumentTrait;
import org.apache.flink.table.annotation.DataTypeHint;
import org.apache.flink.table.annotation.StateHint;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;

import java.time.Instant;
import java.time.LocalDateTime;
import java.util.List;

/** Time contexts, timer messages, onTimer calls and the early stop at WATERMARK records. */
public final class TimerRuntimeTest {

    private TimerRuntimeTest() {}

    @DataTypeHint("ROW<msg STRING>")
    public static class Timers extends ProcessTableFunction<Row> {
        /** All-null (hence absent) until a timer fired. */
        public static class Count {
            public Integer fired;
        }

        public void eval(Context ctx, @StateHint Count count,
                @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {
            TimeContext<Long> t = ctx.timeContext(Long.class);
            String op = input.getFieldAs("op");
            Long v = input.getFieldAs("v");
            switch (op) {
                case "named":
                    t.registerOnTime("n", v);
                    break;
                case "unnamed":
                    t.registerOnTime(v);
                    break;
                case "clear-named":
                    t.clearTimer("n");
                    break;
                case "clear-unnamed":
                    t.clearTimer(v);
                    break;
                case "clear-all":
                    ctx.clearAllTimers();
                    break;
                case "clear-everything":
                    ctx.clearAll();
                    break;
                case "null-name":
                    t.registerOnTime(null, 1L);
                    break;
                case "null-time":
                    t.registerOnTime((Long) null);
                    break;
                case "local":
                    LocalDateTime l = ctx.timeContext(LocalDateTime.class).time();
                    collect(Row.of("local " + l));
                    ctx.timeContext(LocalDateTime.class).registerOnTime("l", l.plusSeconds(1));
                    break;
                case "bad-class":
                    ctx.timeContext(String.class);
                    break;
                default:
                    break;
            }
            collect(Row.of(op + " time=" + t.time() + " wm=" + t.currentWatermark() + " twm=" + t.tableWatermark()));
        }

        public void onTimer(OnTimerContext ctx, Count count) {
            TimeContext<Instant> t = ctx.timeContext(Instant.class);
            count.fired = count.fired == null ? 1 : count.fired + 1;
            collect(Row.of("timer " + ctx.currentTimer() + " #" + count.fired + " at " + t.time() + " wm="
                    + t.currentWatermark() + " twm=" + t.tableWatermark()));
        }
    }

    private static final String ROW = "ROW<`op` STRING, `v` BIGINT>";

    private static Harness timers(boolean allowed) throws Exception {
        return new Harness(Timers.class, Harness.plan("input", ROW, "\"timers_allowed\": " + allowed));
    }

    public static void testTimerMessagesInOrder() throws Exception {
        Harness h = timers(true);
        List<Harness.Msg> m = h.batch()
                .eval("k", 0, Row.of("named", 10L), 3, 3, Long.MIN_VALUE)
                .eval("k", 0, Row.of("named", 20L), 3, 3, Long.MIN_VALUE)
                .eval("j", 0, Row.of("unnamed", 7L), 3, 3, Long.MIN_VALUE)
                .eval("k", 0, Row.of("clear-named", 0L), 3, 3, Long.MIN_VALUE)
                .eval("j", 0, Row.of("clear-unnamed", 7L), 3, 3, Long.MIN_VALUE)
                .eval("j", 0, Row.of("clear-all", 0L), 3, 3, Long.MIN_VALUE)
                .eval("k", 0, Row.of("clear-everything", 0L), 3, 3, Long.MIN_VALUE)
                .run();
        assertEquals("TIMER_SET k 10 n\nOUT 0 +I[named time=null wm=3 twm=3]\n"
                + "TIMER_SET k 20 n\nOUT 1 +I[named time=null wm=3 twm=3]\n"
                + "TIMER_SET j 7 null\nOUT 2 +I[unnamed time=null wm=3 twm=3]\n"
                + "TIMER_CLEAR k n\nOUT 3 +I[clear-named time=null wm=3 twm=3]\n"
                + "TIMER_CLEAR j 7\nOUT 4 +I[clear-unnamed time=null wm=3 twm=3]\n"
                + "TIMERS_CLEAR_ALL j\nOUT 5 +I[clear-all time=null wm=3 twm=3]\n"
                + "TIMERS_CLEAR_ALL k\nOUT 6 +I[clear-everything time=null wm=3 twm=3]\n"
                + "END 7\n", Harness.show(m));
    }

    /** Each TIMER_SET names the record whose call registered it, so C can apply Flink's rules for
     * that call's watermark; past timers are forwarded too, whatever the Flink version. */
    public static void testTimerSetCarriesItsRecordInEveryVersion() throws Exception {
        for (String version : new String[] {"2.2", "2.3"}) {
            String plan = Harness.plan("input", ROW, "\"timers_allowed\": true")
                    .replace("\"flink_version\": \"2.3\"", "\"flink_version\": \"" + version + "\"");
            Harness h = new Harness(Timers.class, plan);
            List<Harness.Msg> m = h.batch()
                    .eval("k", 0, Row.of("x", 0L), 8, 8, Long.MIN_VALUE)
                    .eval("k", 0, Row.of("named", 5L), 8, 8, Long.MIN_VALUE) // at or before the watermark
                    .eval("j", 0, Row.of("unnamed", 9L), 8, 8, Long.MIN_VALUE)
                    .run();
            assertEquals("TIMER_SET k 5 n", m.get(1).toString());
            assertEquals(1, m.get(1).record);
            assertEquals("TIMER_SET j 9 null", m.get(3).toString());
            assertEquals(2, m.get(3).record);
        }
    }

    public static void testOnTimerSeesTimerTimeNameAndState() throws Exception {
        Harness h = timers(true);
        List<Harness.Msg> m = h.batch()
                .timer("k", 5, 9, "n")
                .timer("k", 6, 9, null)
                .run();
        assertEquals("OUT 0 +I[timer n #1 at 1970-01-01T00:00:00.005Z wm=1970-01-01T00:00:00.009Z twm=null]\n"
                + "OUT 1 +I[timer null #2 at 1970-01-01T00:00:00.006Z wm=1970-01-01T00:00:00.009Z twm=null]\n"
                + "STATE k 0 " + h.stored("k", 0).length + " bytes\nEND 2\n", Harness.show(m));
    }

    /** A timer at Long.MIN_VALUE has that time in onTimer (Flink), while an eval without on_time has none. */
    public static void testTimerAtLongMinValueHasItsTime() throws Exception {
        Harness h = timers(true);
        List<Harness.Msg> m = h.batch().timer("k", Long.MIN_VALUE, 9, "n").run();
        assertEquals("OUT 0 +I[timer n #1 at " + Instant.ofEpochMilli(Long.MIN_VALUE)
                + " wm=1970-01-01T00:00:00.009Z twm=null]", m.get(0).toString());
    }

    public static void testEarlyStopWhereARegisteredTimerIsDue() throws Exception {
        Harness h = timers(true);
        List<Harness.Msg> m = h.batch()
                .eval("k", 0, Row.of("named", 5L), Long.MIN_VALUE, Long.MIN_VALUE, Long.MIN_VALUE)
                .watermark(4) // the timer (5) is not due yet: no stop
                .eval("k", 0, Row.of("x", 0L), 4, 4, Long.MIN_VALUE)
                .watermark(5) // due: C must fire it before the next record
                .eval("k", 0, Row.of("y", 0L), 5, 5, Long.MIN_VALUE)
                .run();
        assertEquals("TIMER_SET k 5 n\nOUT 0 +I[named time=null wm=null twm=null]\n"
                + "OUT 2 +I[x time=null wm=4 twm=4]\nEND 3\n", Harness.show(m));
        // a past timer registered at the current watermark also stops at the next advance only
        m = h.batch()
                .eval("k", 0, Row.of("unnamed", 5L), 5, 5, Long.MIN_VALUE)
                .eval("k", 0, Row.of("x", 0L), 5, 5, Long.MIN_VALUE)
                .watermark(5)
                .watermark(6)
                .run();
        assertEquals("TIMER_SET k 5 null\nOUT 0 +I[unnamed time=null wm=5 twm=5]\n"
                + "OUT 1 +I[x time=null wm=5 twm=5]\nEND 2\n", Harness.show(m));
    }

    public static void testTimeConversions() throws Exception {
        Harness h = timers(true);
        List<Harness.Msg> m = h.batch().eval("k", 0, Row.of("local", 0L), -1, 7, 1735693200000L).run();
        assertEquals("OUT 0 +I[local 2025-01-01T01:00]\nTIMER_SET k 1735693201000 l\n"
                + "OUT 0 +I[local time=1735693200000 wm=-1 twm=7]\nEND 1\n", Harness.show(m));
        m = h.batch().eval("k", 0, Row.of("bad-class", 0L), 0, 0, 0).run();
        assertEquals("org.apache.flink.table.api.TableRuntimeException: "
                + "Unsupported conversion class for TimeContext: java.lang.String", m.get(0).text.split("\n")[0]);
    }

    public static void testNullArgumentsFailLikeFlink() throws Exception {
        Harness h = timers(true);
        List<Harness.Msg> m = h.batch().eval("k", 0, Row.of("null-name", 0L), 0, 0, 0).run();
        assertEquals("java.lang.NullPointerException: Name must not be null.", m.get(0).text.split("\n")[0]);
        m = h.batch().eval("k", 0, Row.of("null-time", 0L), 0, 0, 0).run();
        assertEquals("java.lang.NullPointerException: Time must not be null.", m.get(0).text.split("\n")[0]);
    }

    public static void testTimersNotAllowed() throws Exception {
        Harness h = timers(false);
        List<Harness.Msg> m = h.batch()
                .eval("k", 0, Row.of("clear-named", 0L), 0, 0, 0)
                .eval("k", 0, Row.of("clear-all", 0L), 0, 0, 0)
                .eval("k", 0, Row.of("named", 5L), 0, 0, 0)
                .run();
        // clears are silent no-ops; registering fails with Flink's message
        assertEquals("OUT 0 +I[clear-named time=0 wm=0 twm=0]\nOUT 1 +I[clear-all time=0 wm=0 twm=0]\n",
                Harness.show(m.subList(0, 2)));
        assertEquals(2, m.get(2).record);
        assertEquals("org.apache.flink.table.api.TableRuntimeException: Timers are not supported in the current PTF "
                + "declaration. Note that only PTFs that take set semantic tables support timers. Also timers are "
                + "not available for advanced traits such as supporting pass-through columns or updates.",
                m.get(2).text.split("\n")[0]);
        assertEquals("END 2", m.get(m.size() - 1).toString());
    }
}
