package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.Batch;
import io.ptfhost.bridge.ExitGuard;
import io.ptfhost.bridge.UserSystemExitException;
import io.ptfhost.bridge.codec.Codec;
import io.ptfhost.bridge.codec.CodecOutput;
import io.ptfhost.bridge.codec.Codecs;
import io.ptfhost.bridge.codec.CompositeCodec;
import io.ptfhost.bridge.extract.PtfExtractor;
import io.ptfhost.bridge.extract.PtfSignature;
import io.ptfhost.bridge.json.JsonWriter;
import io.ptfhost.bridge.types.SqlType;
import io.ptfhost.bridge.types.TypeParser;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.connector.ChangelogMode;
import org.apache.flink.table.data.RowData;
import org.apache.flink.table.functions.ChangelogFunction;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.ProcessTableFunction;
import org.apache.flink.types.Row;
import org.apache.flink.types.RowKind;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.reflect.Method;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One opened PTF call: the function instance and everything prepared once for it (signature,
 * codecs, method handles, contexts), and the batch loop of docs/internals.md ("The runtime
 * hand-off"). C owns state, timers, watermarks and order; this class only turns a batch into
 * eval/onTimer calls and their effects into messages.
 *
 * <p>Not thread-safe: C drives one instance from one thread at a time (each worker opens its own,
 * as each Flink subtask has its own function instance).
 */
public final class FunctionRuntime {

    /**
     * Rows per call of a batch's inner loops (records, state cells). A loop over a whole batch
     * runs once per batch: the JIT compiled it late, first on stack and then again whole; in
     * calls of CHUNK the loop is a method called often enough to be compiled early, once.
     */
    static final int CHUNK = 64;

    private final String className;
    private final ClassLoader loader;
    private final ProcessTableFunction<Object> function;
    private final ChangelogMode changelogMode;
    private final SqlType outputRowType;

    // eval([ctx,] state..., args...) and onTimer([ctx,] state...), spread over an Object[]
    private final Invoker eval;
    private final Object[] evalArgs;
    private final int evalStateBase;
    private final Invoker onTimer; // null: no onTimer method
    private final Object[] timerArgs;
    private final int timerStateBase;

    // tables, in plan (= signature) order
    private final CompositeCodec[] tableCodecs;
    /** Per table argument: its row type when the function takes RowData (Flink's internal format), else null. */
    private final SqlType[] internalTables;
    private final int[] tableParam; // position of each table argument in evalArgs

    // state entries, in signature order
    private final StateTable state;
    private final CompositeCodec[] valueCodecs; // value entries; null for views
    private final Object[] viewObjects; // views; null for value entries
    private final Object[] valueObjects; // the objects handed to the current call
    private final boolean[] cleared;

    private final Event event = new Event();
    private final BatchProtocol.Record record = new BatchProtocol.Record();
    private final Messages messages = new Messages();
    private final Progress progress = new Progress();
    private final Timers timers;
    private Batch.Out pending;

    private FunctionRuntime(String className, ClassLoader loader, PtfSignature sig, Plan plan, ByteBuffer scalars)
            throws Exception {
        this.className = className;
        this.loader = loader;
        Class<?> cls = Class.forName(className, true, loader);
        @SuppressWarnings("unchecked")
        ProcessTableFunction<Object> f = (ProcessTableFunction<Object>) cls.getConstructor().newInstance();
        this.function = f;

        Method evalMethod = findEval(cls, sig);
        Class<?>[] params = evalMethod.getParameterTypes();
        int nstate = sig.state.size();
        evalStateBase = sig.evalHasContext ? 1 : 0;
        int argBase = evalStateBase + nstate;
        if (params.length != argBase + sig.arguments.size()) {
            throw new IllegalStateException("eval of " + className + " has " + params.length
                    + " parameters, but its signature has " + nstate + " state entries and " + sig.arguments.size()
                    + " arguments" + (sig.evalHasContext ? " after the context" : ""));
        }

        // tables
        List<Integer> tableArgs = new ArrayList<>();
        for (int i = 0; i < sig.arguments.size(); i++) {
            if (sig.arguments.get(i).table) {
                tableArgs.add(i);
            }
        }
        if (tableArgs.size() != plan.tables.size()) {
            throw new IllegalArgumentException("The plan passes " + plan.tables.size() + " table(s) to " + className
                    + ", but its eval declares " + tableArgs.size() + ".");
        }
        tableCodecs = new CompositeCodec[tableArgs.size()];
        internalTables = new SqlType[tableArgs.size()];
        tableParam = new int[tableArgs.size()];
        Map<String, RuntimeTableSemantics> semantics = new HashMap<>();
        for (int t = 0; t < tableArgs.size(); t++) {
            PtfSignature.Argument a = sig.arguments.get(tableArgs.get(t));
            Plan.Table pt = plan.tables.get(t);
            if (!a.name.equals(pt.arg)) {
                throw new IllegalArgumentException("The plan's table " + t + " is '" + pt.arg + "', but table argument "
                        + t + " of " + className + " is '" + a.name + "'.");
            }
            SqlType rowType = TypeParser.parse(pt.rowType);
            Class<?> conversion = params[argBase + tableArgs.get(t)];
            if (a.type == null) {
                if (conversion == RowData.class) {
                    // Flink's internal format: decode as Row, convert per row (InternalRows)
                    tableCodecs[t] = Codecs.createComposite(rowType, Row.class, loader);
                    internalTables[t] = rowType;
                } else if (conversion != Row.class) {
                    throw new IllegalArgumentException("Table argument '" + a.name + "' of " + className + " uses "
                            + conversion.getName() + "; ptfhost passes untyped table arguments as "
                            + Row.class.getName() + " only.");
                }
                else {
                    tableCodecs[t] = Codecs.createComposite(rowType, Row.class, loader);
                }
            } else {
                if (a.type.fields().size() != rowType.fields().size()) {
                    throw new IllegalArgumentException("Table argument '" + a.name + "' of " + className + " is "
                            + a.type + ", but the plan's rows are " + rowType + ".");
                }
                tableCodecs[t] = Codecs.createComposite(a.type, conversion, loader);
            }
            tableParam[t] = argBase + tableArgs.get(t);
            semantics.put(a.name, new RuntimeTableSemantics(rowType, pt));
        }

        // scalars: one row, decoded once
        evalArgs = new Object[params.length];
        decodeScalars(sig, plan, scalars, params, argBase);

        // state
        Codec[] stateCodecs = new Codec[nstate];
        boolean[] isList = new boolean[nstate];
        boolean[] isMap = new boolean[nstate];
        int[] arity = new int[nstate];
        valueCodecs = new CompositeCodec[nstate];
        viewObjects = new Object[nstate];
        Map<String, Integer> stateIndex = new HashMap<>();
        for (int e = 0; e < nstate; e++) {
            PtfSignature.StateEntry s = sig.state.get(e);
            stateIndex.put(s.name, e);
            switch (s.kind) {
                case VALUE:
                    valueCodecs[e] = Codecs.createComposite(s.type, params[evalStateBase + e], loader);
                    stateCodecs[e] = valueCodecs[e];
                    arity[e] = s.type.fields().size();
                    break;
                case LIST:
                    stateCodecs[e] = Codecs.create(s.type, List.class, loader);
                    isList[e] = true;
                    break;
                case MAP:
                    stateCodecs[e] = Codecs.create(s.type, Map.class, loader);
                    isMap[e] = true;
                    break;
                default:
                    throw new IllegalStateException("unknown state kind " + s.kind);
            }
        }
        state = new StateTable(stateCodecs, isList, isMap, arity);
        for (int e = 0; e < nstate; e++) {
            if (isList[e]) {
                viewObjects[e] = new KeyedStateListView<Object>(state, e);
            } else if (isMap[e]) {
                viewObjects[e] = new KeyedStateMapViewWithKeysNotNull<Object, Object>(state, e);
            }
        }
        valueObjects = new Object[nstate];
        cleared = new boolean[nstate];

        // output
        CompositeCodec rowCodec = null;
        Codec atomicCodec = null;
        if (sig.outputType.isComposite()) {
            rowCodec = Codecs.createComposite(sig.outputType, null, loader);
            outputRowType = sig.outputType;
        } else {
            atomicCodec = Codecs.create(sig.outputType, null, loader);
            outputRowType = SqlType.row(Collections.singletonList(new SqlType.Field("EXPR$0", sig.outputType, null)));
        }

        // changelog mode: asked once, with what the planner knows
        changelogMode = function instanceof ChangelogFunction
                ? ((ChangelogFunction) function).getChangelogMode(changelogContext(sig, plan))
                : ChangelogMode.insertOnly();
        if (changelogMode == null) {
            throw new IllegalArgumentException(className + ".getChangelogMode returned null.");
        }

        timers = new Timers(plan.timersAllowed, event, messages);
        RuntimeContext ctx = new RuntimeContext(semantics, stateIndex, cleared, event, timers, changelogMode);
        if (sig.evalHasContext) {
            evalArgs[0] = ctx;
        }
        eval = Invoker.of(evalMethod);

        Method timerMethod = sig.hasOnTimer ? findOnTimer(cls, nstate + (sig.onTimerHasContext ? 1 : 0)) : null;
        if (timerMethod != null) {
            timerStateBase = sig.onTimerHasContext ? 1 : 0;
            timerArgs = new Object[timerStateBase + nstate];
            if (sig.onTimerHasContext) {
                timerArgs[0] = new RuntimeContext.OnTimer(semantics, stateIndex, cleared, event, timers, changelogMode);
            }
            onTimer = Invoker.of(timerMethod);
        } else {
            timerStateBase = 0;
            timerArgs = null;
            onTimer = null;
        }

        f.setCollector(new OutputCollector(rowCodec, atomicCodec, changelogMode, event, messages));
    }

    /**
     * Loads the class, checks its signature as Flink would, prepares everything and calls
     * {@code open(FunctionContext)}. Throws with a message naming the class for anything wrong.
     */
    public static FunctionRuntime open(String[] jars, String className, String planJson, ByteBuffer scalars)
            throws Exception {
        ClassLoader loader = Loaders.forJars(jars);
        try {
            Class.forName(className, false, loader);
        } catch (ClassNotFoundException e) {
            throw new IllegalArgumentException("Class '" + className + "' was not found in " + Arrays.toString(jars)
                    + ".", e);
        }
        return open(loader, className, planJson, scalars);
    }

    /** {@link #open(String[], String, String, ByteBuffer)} with a given loader (tests). */
    static FunctionRuntime open(ClassLoader loader, String className, String planJson, ByteBuffer scalars)
            throws Exception {
        Class<?> cls = Class.forName(className, false, loader);
        PtfSignature sig = PtfExtractor.extract(cls);
        if (!sig.isValid()) {
            throw new IllegalArgumentException("Invalid process table function '" + className + "': " + sig.error
                    + (sig.fix != null ? "\nFix: " + sig.fix : ""));
        }
        Plan plan = Plan.parse(planJson);
        Thread t = Thread.currentThread();
        ClassLoader prev = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            FunctionRuntime r;
            try {
                r = new FunctionRuntime(className, loader, sig, plan, scalars);
                r.function.open(new FunctionContext(null, loader, new Configuration()));
                failIfExitAttempted();
            } finally {
                ExitGuard.takeAttempt();
            }
            return r;
        } finally {
            t.setContextClassLoader(prev);
        }
    }

    /** The JSON Bridge.open returns (docs/internals.md). */
    String describe(int handle) {
        return new JsonWriter().beginObject()
                .name("handle").value(handle)
                .name("changelog_mode").value(changelogMode.toString())
                .name("output_type").value(outputRowType.toString())
                .endObject().toString();
    }

    Progress progress() {
        return progress;
    }

    ChangelogMode changelogMode() {
        return changelogMode;
    }

    int stateEntries() {
        return cleared.length;
    }

    /** One batch (docs/internals.md); returns bytes written to out, or minus the bytes needed. */
    public int process(ByteBuffer inBuffer, ByteBuffer outBuffer) {
        Thread t = Thread.currentThread();
        ClassLoader prev = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        progress.beginBatch(t);
        try {
            pending = null;
            ByteBuffer in = Batch.in(inBuffer);
            Batch.Out out = new Batch.Out(outBuffer);
            out.putInt(BatchProtocol.MAGIC);
            messages.begin(out);
            BatchProtocol.Header header = BatchProtocol.readHeader(in, state.entries(), className);
            state.begin(in, header.nkeys);
            timers.beginBatch();
            int nrecords = header.nrecords;
            int consumed = nrecords;
            for (int from = 0; from < nrecords; from += CHUNK) {
                int stop = records(in, from, nrecords);
                if (stop >= 0) {
                    consumed = stop;
                    break;
                }
            }
            state.flush(messages);
            messages.end(consumed);
            int n = out.finish();
            if (n < 0) {
                pending = out;
            }
            return n;
        } catch (BufferUnderflowException e) {
            throw new IllegalArgumentException("Corrupt batch for " + className
                    + ": a record runs past the end of its " + inBuffer.limit() + " bytes.", e);
        } finally {
            messages.begin(null);
            t.setContextClassLoader(prev);
        }
    }

    /**
     * Up to CHUNK of the batch's n records from from; returns -1 when all were consumed, else how
     * many of the batch's records were (a failed call, or a timer that made another one due).
     */
    private int records(ByteBuffer in, int from, int n) {
        int to = Math.min(n, from + CHUNK);
        for (int i = from; i < to; i++) {
            BatchProtocol.readRecord(in, i, record, className);
            boolean ok;
            if (record.type == BatchProtocol.EVAL) {
                ok = evalRecord(in, i);
            } else if (record.type == BatchProtocol.TIMER) {
                ok = timerRecord(i);
                if (ok && i + 1 < n && timers.dueAt(record.watermark)) {
                    // A timer it registered is due now and may come before the timers still
                    // in this batch: C puts those back and fires in time order again.
                    return i + 1;
                }
            } else if (record.type == BatchProtocol.WRITEBACK) {
                state.writeBackHeld();
                ok = true;
            } else {
                ok = !timers.dueAt(record.watermark);
            }
            if (!ok) {
                return i;
            }
        }
        return -1;
    }

    /** Hands over the output a process call could not fit (its negative return). */
    public int drain(ByteBuffer outBuffer) {
        Batch.Out p = pending;
        if (p == null) {
            throw new IllegalStateException("drain for " + className + ": the last batch left no output behind.");
        }
        pending = null;
        return p.drainTo(outBuffer);
    }

    /** Calls the function's close(). */
    public void close() throws Exception {
        Thread t = Thread.currentThread();
        ClassLoader prev = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            function.close();
            failIfExitAttempted();
        } finally {
            ExitGuard.takeAttempt();
            t.setContextClassLoader(prev);
        }
    }

    /** The EVAL record just read: decodes its row (in place in the batch) and calls eval. */
    private boolean evalRecord(ByteBuffer in, int index) {
        int table = record.table;
        event.recordIndex = index;
        event.keySlot = record.keySlot;
        event.watermark = record.watermark;
        event.tableWatermark = record.tableWatermark;
        event.time = record.time;
        event.timer = false;
        event.timerName = null;
        int start = record.rowOffset;
        int len = record.rowLength;
        int after = in.position();
        for (int p : tableParam) {
            evalArgs[p] = null;
        }
        if (table != BatchProtocol.NO_TABLE) {
            if (table >= tableCodecs.length) {
                throw new IllegalArgumentException("Corrupt batch for " + className + ": record " + index
                        + " names table " + table + " but the function has " + tableCodecs.length + ".");
            }
            // decode in place, bounded by the row's length
            int limit = in.limit();
            in.position(start);
            in.limit(start + len);
            Object value = tableCodecs[table].readRecord(in);
            int used = in.position() - start;
            in.limit(limit);
            if (used != len) {
                throw new IllegalArgumentException("Corrupt batch for " + className + ": the row of record " + index
                        + " is " + len + " bytes but decoding it used " + used + ".");
            }
            if (value instanceof Row) {
                ((Row) value).setKind(RowKind.fromByteValue(record.kind));
                if (internalTables[table] != null) {
                    value = InternalRows.toRowData((Row) value, internalTables[table]);
                }
            }
            evalArgs[tableParam[table]] = value;
        }
        in.position(after);
        return call(eval, evalArgs, evalStateBase);
    }

    /** The TIMER record just read: calls onTimer. */
    private boolean timerRecord(int index) {
        event.recordIndex = index;
        event.keySlot = record.keySlot;
        event.time = record.time;
        event.timer = true;
        event.watermark = record.watermark;
        event.tableWatermark = Event.NONE;
        event.timerName = record.timerName;
        // Without onTimer Flink calls nothing (and we change no state).
        return onTimer == null || call(onTimer, timerArgs, timerStateBase);
    }

    /**
     * One call under the current event's key: materialise state, invoke, write state back by
     * Flink's rules. A throwable from user code becomes an ERROR message; returns false then.
     */
    private boolean call(Invoker method, Object[] args, int stateBase) {
        progress.call(event.recordIndex);
        state.select(event.keySlot);
        Arrays.fill(cleared, false);
        int nstate = cleared.length;
        try {
            for (int e = 0; e < nstate; e++) {
                Object v = viewObjects[e];
                if (v == null) {
                    v = state.readValue(e);
                    if (v == null) {
                        v = valueCodecs[e].newInstance();
                    }
                    valueObjects[e] = v;
                }
                args[stateBase + e] = v;
            }
            method.invoke(function, args);
            failIfExitAttempted();
            for (int e = 0; e < nstate; e++) {
                if (viewObjects[e] != null) {
                    if (cleared[e]) {
                        state.clearView(e);
                    }
                } else {
                    state.writeValue(e, valueObjects[e], cleared[e]);
                }
            }
            return true;
        } catch (Throwable t) {
            ExitGuard.takeAttempt();
            messages.error(event.recordIndex, UserErrors.render(t, FunctionRuntime.class));
            return false;
        } finally {
            Arrays.fill(valueObjects, null);
        }
    }

    /** User code caught the exception of its System.exit/Runtime.halt: the call fails anyway. */
    private static void failIfExitAttempted() {
        UserSystemExitException e = ExitGuard.takeAttempt();
        if (e != null) {
            throw e;
        }
    }

    /**
     * Decodes the scalar arguments (one {@code row} of the plan's scalars_type, fields in signature
     * order) into evalArgs, each in its eval parameter's class. The row is read with the
     * signature's types, so structured types come out as their POJOs; any other non-default
     * conversion (e.g. int[] for ARRAY&lt;INT NOT NULL&gt;) is converted through the codec once.
     */
    private void decodeScalars(PtfSignature sig, Plan plan, ByteBuffer scalars, Class<?>[] params, int argBase) {
        List<SqlType.Field> fields = new ArrayList<>();
        List<Integer> positions = new ArrayList<>();
        for (int i = 0; i < sig.arguments.size(); i++) {
            PtfSignature.Argument a = sig.arguments.get(i);
            if (!a.table) {
                fields.add(new SqlType.Field(a.name, a.type, null));
                positions.add(i);
            }
        }
        if (plan.scalarsType != null) {
            int planned = TypeParser.parse(plan.scalarsType).fields().size();
            if (planned != fields.size()) {
                throw new IllegalArgumentException("The plan's scalars_type " + plan.scalarsType + " has " + planned
                        + " fields, but " + className + " declares " + fields.size() + " scalar arguments.");
            }
        }
        ByteBuffer sc = scalars == null ? ByteBuffer.allocate(0) : scalars.duplicate();
        sc.order(ByteOrder.LITTLE_ENDIAN);
        if (fields.isEmpty() && !sc.hasRemaining()) {
            return;
        }
        SqlType rowType = SqlType.row(fields);
        Row row = (Row) Codecs.createComposite(rowType, Row.class, loader).readRecord(sc);
        if (sc.hasRemaining()) {
            throw new IllegalArgumentException("The scalar arguments of " + className + " (" + rowType + ") have "
                    + sc.remaining() + " bytes left over.");
        }
        for (int j = 0; j < fields.size(); j++) {
            PtfSignature.Argument a = sig.arguments.get(positions.get(j));
            Class<?> conversion = params[argBase + positions.get(j)];
            Object v = row.getField(j);
            if (v == null && conversion.isPrimitive()) {
                throw new IllegalArgumentException("Argument '" + a.name + "' of " + className + " is a "
                        + conversion.getName() + " and cannot be NULL.");
            }
            if (v != null && !conversion.isPrimitive() && !conversion.isInstance(v)) {
                CodecOutput o = new CodecOutput(64);
                Codecs.create(a.type, null, loader).write(o, v);
                ByteBuffer b = o.buffer();
                b.flip();
                v = Codecs.create(a.type, conversion, loader).read(b);
            }
            evalArgs[argBase + positions.get(j)] = v;
        }
    }

    private ChangelogFunction.ChangelogContext changelogContext(PtfSignature sig, Plan plan) {
        ChangelogMode[] byPosition = new ChangelogMode[sig.arguments.size()];
        int t = 0;
        for (int i = 0; i < byPosition.length; i++) {
            if (sig.arguments.get(i).table) {
                byPosition[i] = plan.tables.get(t++).changelogMode;
            }
        }
        ChangelogMode required = plan.requiredChangelogMode;
        return new ChangelogFunction.ChangelogContext() {
            @Override
            public ChangelogMode getTableChangelogMode(int pos) {
                return pos >= 0 && pos < byPosition.length ? byPosition[pos] : null;
            }

            @Override
            public ChangelogMode getRequiredChangelogMode() {
                return required;
            }
        };
    }

    private static Method findEval(Class<?> cls, PtfSignature sig) {
        for (Method m : cls.getMethods()) {
            if (m.getName().equals("eval") && m.toString().equals(sig.evalMethod)) {
                return m;
            }
        }
        throw new IllegalStateException("eval method " + sig.evalMethod + " not found in " + cls.getName());
    }

    private static Method findOnTimer(Class<?> cls, int parameterCount) {
        for (Method m : cls.getMethods()) {
            if (m.getName().equals("onTimer") && m.getParameterCount() == parameterCount) {
                return m;
            }
        }
        throw new IllegalStateException("onTimer method with " + parameterCount + " parameters not found in "
                + cls.getName());
    }

    /** A handle for m, public lookup first (user classes), else made accessible. */
    static MethodHandle unreflect(Method m) throws IllegalAccessException {
        try {
            return MethodHandles.publicLookup().unreflect(m);
        } catch (IllegalAccessException e) {
            m.setAccessible(true);
            return MethodHandles.lookup().unreflect(m);
        }
    }
}
