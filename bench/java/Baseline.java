// Baseline.java - the physical limit of one JVM thread for bench/ ("B0").
//
// A plain loop that calls the same eval of the same seed JAR (compat/seeds.jar)
// on rows already in memory, with per-key state in a HashMap, warm (one whole
// pass first, then timed passes). The "serial" variant encodes the key's state
// to bytes and decodes it again around every eval, as a store that keeps state
// as bytes must. Prints one line: "<fn> <mode> <rows> rows <median ns/row>"; with
// BENCH_CLOCK=cpu in the environment the passes are timed by this thread's CPU time
// (as bench/lib.sh then times the jobs), else by the wall clock.
//   java -cp shim.jar:seeds.jar:bench-baseline.jar Baseline FN MODE ROWS KEYS
// FN: ThresholdFilter | CountClicks | Median; MODE: plain | serial.
import com.example.CountClicks;
import com.example.Median;
import com.example.ThresholdFilter;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Random;
import org.apache.flink.types.Row;
import org.apache.flink.util.Collector;

public final class Baseline {
    static long emitted;

    static final class Counting<T> implements Collector<T> {
        @Override public void collect(T row) { emitted++; }
        @Override public void close() {}
    }

    interface Pass { void run() throws IOException; }

    public static void main(String[] a) throws IOException {
        String fn = a[0];
        boolean serial = a[1].equals("serial");
        int rows = Integer.parseInt(a[2]), keys = Integer.parseInt(a[3]);
        int[] key = new int[rows];
        Row[] in = new Row[rows];
        Random r = new Random(1);
        for (int i = 0; i < rows; i++) {
            key[i] = r.nextInt(keys) + 1;
            Row row = Row.withNames();
            switch (fn) {
                case "CountClicks": row.setField("user_id", key[i]); row.setField("url", "/p" + (i % 100)); break;
                case "ThresholdFilter": row.setField("sensor_id", key[i]); row.setField("value", (double) (i % 200)); break;
                default: row.setField("sensor_id", key[i]); row.setField("temperature", (double) (i % 50)); break;
            }
            in[i] = row;
        }
        Pass pass = pass(fn, serial, key, in);
        pass.run();   // warm-up: JIT, HashMap grown, classes loaded
        long[] ns = new long[5];
        for (int p = 0; p < ns.length; p++) {
            long t0 = now();
            pass.run();
            ns[p] = now() - t0;
        }
        Arrays.sort(ns);
        if (emitted != (long) rows * (ns.length + 1)) throw new IllegalStateException("emitted " + emitted);
        System.out.printf("%s %s %d rows %.1f%n", fn, a[1], rows, ns[ns.length / 2] / (double) rows);
    }

    static final boolean CPU = "cpu".equals(System.getenv("BENCH_CLOCK"));

    static long now() {
        return CPU ? ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime() : System.nanoTime();
    }

    static Pass pass(String fn, boolean serial, int[] key, Row[] in) {
        switch (fn) {
            case "ThresholdFilter": {
                ThresholdFilter f = new ThresholdFilter();
                f.setCollector(new Counting<>());
                Double threshold = 100.0;
                return () -> { for (Row row : in) f.eval(row, threshold); };
            }
            case "CountClicks": {
                CountClicks f = new CountClicks();
                f.setCollector(new Counting<>());
                HashMap<Integer, CountClicks.ClickState> objs = new HashMap<>();
                HashMap<Integer, byte[]> bytes = new HashMap<>();
                return () -> {
                    for (int i = 0; i < in.length; i++) {
                        if (!serial) {
                            f.eval(objs.computeIfAbsent(key[i], k -> new CountClicks.ClickState()), in[i]);
                            continue;
                        }
                        CountClicks.ClickState s = new CountClicks.ClickState();
                        byte[] b = bytes.get(key[i]);
                        if (b != null) s.count = new DataInputStream(new ByteArrayInputStream(b)).readLong();
                        f.eval(s, in[i]);
                        ByteArrayOutputStream o = new ByteArrayOutputStream(8);
                        new DataOutputStream(o).writeLong(s.count);
                        bytes.put(key[i], o.toByteArray());
                    }
                };
            }
            default: {
                Median f = new Median();
                f.setCollector(new Counting<>());
                Integer trailing = 5;
                HashMap<Integer, Median.TempsState> objs = new HashMap<>();
                HashMap<Integer, byte[]> bytes = new HashMap<>();
                return () -> {
                    for (int i = 0; i < in.length; i++) {
                        if (!serial) {
                            f.eval(objs.computeIfAbsent(key[i], k -> new Median.TempsState()), in[i], trailing);
                            continue;
                        }
                        Median.TempsState s = new Median.TempsState();
                        byte[] b = bytes.get(key[i]);
                        if (b != null) {
                            DataInputStream d = new DataInputStream(new ByteArrayInputStream(b));
                            for (int n = d.readInt(); n > 0; n--) s.temps.add(d.readDouble());
                        }
                        f.eval(s, in[i], trailing);
                        ByteArrayOutputStream o = new ByteArrayOutputStream(4 + 8 * s.temps.size());
                        DataOutputStream d = new DataOutputStream(o);
                        d.writeInt(s.temps.size());
                        for (Double t : s.temps) d.writeDouble(t);
                        bytes.put(key[i], o.toByteArray());
                    }
                };
            }
        }
    }
}
