package io.ptfhost.bridge.runtime;

import io.ptfhost.bridge.extract.UserClassLoaders;

import java.io.File;
import java.net.MalformedURLException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One class loader per function source for the life of the process: every function opened from
 * the same JARs shares it, as all parallel instances of a Flink job share the job's user class
 * loader (so a class's statics are shared the same way). Built by {@link UserClassLoaders}, the
 * scheme describe uses.
 */
final class Loaders {

    private static final Map<List<String>, ClassLoader> LOADERS = new HashMap<>();

    private Loaders() {}

    static synchronized ClassLoader forJars(String[] jars) throws MalformedURLException {
        List<String> key = new ArrayList<>();
        for (String j : jars) {
            key.add(new File(j).getAbsolutePath());
        }
        ClassLoader l = LOADERS.get(key);
        if (l == null) {
            l = UserClassLoaders.forJars(key.toArray(new String[0]));
            LOADERS.put(key, l);
        }
        return l;
    }
}
