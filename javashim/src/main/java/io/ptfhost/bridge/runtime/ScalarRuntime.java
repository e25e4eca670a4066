package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.Batch;
import io.ptfhost.bridge.ExitGuard;
import io.ptfhost.bridge.UserSystemExitException;
import io.ptfhost.bridge.codec.Codec;
import io.ptfhost.bridge.codec.CodecOutput;
import io.ptfhost.bridge.codec.Codecs;
import io.ptfhost.bridge.extract.ScalarExtractor;
import io.ptfhost.bridge.extract.ScalarSignature;
import io.ptfhost.bridge.json.JsonWriter;

import org.apache.flink.configuration.Configuration;
import org.apache.flink.table.functions.FunctionContext;
import org.apache.flink.table.functions.ScalarFunction;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodType;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * One opened scalar function: the instance (open(FunctionContext) called), its overloads, and the
 * batch call C makes through {@code Bridge.processScalar} (docs/internals.md, "Scalar functions"):
 *
 * <pre>
 * in:  u16 overload, u16 nargs, u32 nrows, then nrows times nargs values (binary value format)
 * out: u32 n, n result values (the rows before the first failing one, or all), then
 *      u8 0                                      (every row evaluated), or
 *      u8 1, u32 len, UTF-8 text                 (eval threw for row n: "class: message\n stack")
 * </pre>
 *
 * A NULL argument for a primitive parameter gives NULL without calling eval. Handles are small
 * ints, reused after close; one thread at a time runs a handle's batches.
 */
public final class ScalarRuntime {

    private static final HandleTable<ScalarRuntime> TABLE = new HandleTable<>();

    private final ScalarFunction function;
    private final ScalarSignature sig;
    private final ClassLoader loader;
    private final Codec[][] argCodecs;
    private final Codec[] resultCodecs;
    private final Map<Integer, Call> calls = new HashMap<>(); // by overload << 16 | nargs
    private final CodecOutput values = new CodecOutput(1 << 12);
    private Batch.Out pending;

    /** One overload called with a given number of arguments. */
    private static final class Call {
        MethodHandle handle; // (Object[])Object over the method's parameters
        int fixed; // parameters before the varargs array (all of them without varargs)
        Class<?> component; // the varargs array's component type, or null
        boolean[] primitive; // per actual argument
    }

    private ScalarRuntime(ScalarFunction function, ScalarSignature sig, ClassLoader loader) {
        this.function = function;
        this.sig = sig;
        this.loader = loader;
        int n = sig.overloads.size();
        argCodecs = new Codec[n][];
        resultCodecs = new Codec[n];
        for (int o = 0; o < n; o++) {
            ScalarSignature.Overload ov = sig.overloads.get(o);
            argCodecs[o] = new Codec[ov.types.size()];
            for (int i = 0; i < ov.types.size(); i++) {
                argCodecs[o][i] = Codecs.create(ov.types.get(i), conversion(ov.method, i), loader);
            }
            resultCodecs[o] = Codecs.create(ov.result, null, loader);
        }
    }

    /**
     * Bridge.openScalar: {"handle", "deterministic", "signature"}; handle -1 (nothing opened) when
     * the class is not a valid scalar function, the signature then says why. Throws when the
     * constructor or open() does.
     */
    public static String open(String[] jars, String className) throws Exception {
        ClassLoader loader = Loaders.forJars(jars);
        ScalarSignature sig = ScalarExtractor.extract(loader, className, Arrays.asList(jars));
        if (!sig.isValid()) {
            return answer(-1, false, sig);
        }
        Thread t = Thread.currentThread();
        ClassLoader prev = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        ScalarRuntime r;
        try {
            ScalarFunction f = (ScalarFunction) Class.forName(className, true, loader).getConstructor().newInstance();
            r = new ScalarRuntime(f, sig, loader);
            try {
                f.open(new FunctionContext(null, loader, new Configuration()));
                failIfExitAttempted();
            } finally {
                ExitGuard.takeAttempt();
            }
        } finally {
            t.setContextClassLoader(prev);
        }
        return answer(TABLE.add(r), r.function.isDeterministic(), sig);
    }

    private static String answer(int handle, boolean deterministic, ScalarSignature sig) {
        JsonWriter w = new JsonWriter().beginObject();
        w.name("handle").value(handle);
        w.name("deterministic").value(deterministic);
        w.name("signature");
        sig.toJson(w);
        return w.endObject().toString();
    }

    public static int process(int handle, ByteBuffer in, ByteBuffer out) {
        return get(handle).batch(in, out);
    }

    public static int drain(int handle, ByteBuffer out) {
        ScalarRuntime r = get(handle);
        Batch.Out p = r.pending;
        r.pending = null;
        return p.drainTo(out);
    }

    /** Calls close() and frees the handle; 1, or 0 for an unknown handle. */
    public static int close(int handle) throws Exception {
        ScalarRuntime r = TABLE.remove(handle);
        if (r == null) {
            return 0;
        }
        r.function.close();
        return 1;
    }

    private static ScalarRuntime get(int handle) {
        return TABLE.get(handle, "scalar function");
    }

    private int batch(ByteBuffer inBuffer, ByteBuffer outBuffer) {
        Thread t = Thread.currentThread();
        ClassLoader prev = t.getContextClassLoader();
        t.setContextClassLoader(loader);
        try {
            ByteBuffer in = Batch.in(inBuffer);
            int overload = in.getShort() & 0xffff;
            int nargs = in.getShort() & 0xffff;
            int nrows = in.getInt();
            Call call = call(overload, nargs);
            Codec[] codecs = argCodecs[overload];
            Object[] args = new Object[nargs];
            values.position(0);
            Batch.Out out = new Batch.Out(outBuffer);
            for (int row = 0; row < nrows; row++) {
                boolean skip = false;
                for (int i = 0; i < nargs; i++) {
                    args[i] = codecs[Math.min(i, codecs.length - 1)].read(in);
                    skip |= args[i] == null && call.primitive[i];
                }
                Object result;
                try {
                    result = skip ? null : invoke(call, args);
                } catch (Throwable e) {
                    ExitGuard.takeAttempt();
                    byte[] text = UserErrors.render(e, ScalarRuntime.class).getBytes(StandardCharsets.UTF_8);
                    putValues(out, row).put((byte) 1).putInt(text.length).put(text);
                    return finish(out);
                }
                resultCodecs[overload].write(values, result);
            }
            putValues(out, nrows).put((byte) 0);
            return finish(out);
        } finally {
            t.setContextClassLoader(prev);
        }
    }

    private Batch.Out putValues(Batch.Out out, int n) {
        ByteBuffer v = values.buffer();
        return out.putInt(n).put(v.array(), v.arrayOffset(), v.position());
    }

    private int finish(Batch.Out out) {
        int n = out.finish();
        pending = n < 0 ? out : null;
        return n;
    }

    private Object invoke(Call call, Object[] args) throws Throwable {
        Object[] params = args;
        if (call.component != null) {
            params = Arrays.copyOf(args, call.fixed + 1);
            Object rest = Array.newInstance(call.component, args.length - call.fixed);
            for (int i = call.fixed; i < args.length; i++) {
                Array.set(rest, i - call.fixed, args[i]);
            }
            params[call.fixed] = rest;
        }
        Object r = call.handle.invokeExact(params);
        failIfExitAttempted();
        return r;
    }

    private Call call(int overload, int nargs) {
        Call c = calls.get(overload << 16 | nargs);
        if (c != null) {
            return c;
        }
        Method m = sig.overloads.get(overload).method;
        Class<?>[] params = m.getParameterTypes();
        c = new Call();
        c.fixed = m.isVarArgs() ? params.length - 1 : params.length;
        c.component = m.isVarArgs() ? params[params.length - 1].getComponentType() : null;
        c.primitive = new boolean[nargs];
        for (int i = 0; i < nargs; i++) {
            c.primitive[i] = (i < c.fixed ? params[i] : c.component).isPrimitive();
        }
        try {
            c.handle = FunctionRuntime.unreflect(m).bindTo(function).asSpreader(Object[].class, params.length)
                    .asType(MethodType.methodType(Object.class, Object[].class));
        } catch (IllegalAccessException e) {
            throw new IllegalStateException("cannot call " + m, e);
        }
        calls.put(overload << 16 | nargs, c);
        return c;
    }

    /** The class the eval takes the argument at pos as (a hint's signature may differ from the eval's). */
    private static Class<?> conversion(Method m, int pos) {
        Class<?>[] params = m.getParameterTypes();
        int fixed = m.isVarArgs() ? params.length - 1 : params.length;
        Class<?> c = pos < fixed ? params[pos] : m.isVarArgs() ? params[fixed].getComponentType() : null;
        return c == null || c == Object.class ? null : boxed(c);
    }

    private static Class<?> boxed(Class<?> c) {
        return c.isPrimitive() ? MethodType.methodType(c).wrap().returnType() : c;
    }

    private static void failIfExitAttempted() {
        UserSystemExitException e = ExitGuard.takeAttempt();
        if (e != null) {
            throw e;
        }
    }
}
