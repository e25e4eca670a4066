package org.apache.flink.configuration;

import org.apache.flink.annotation.Public;

import java.io.Serializable;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/** String key/value configuration, as far as functions see it (job parameters). */
@Public
public class Configuration implements Serializable {

    private static final long serialVersionUID = 1L;

    private final HashMap<String, Object> confData = new HashMap<>();

    public Configuration() {}

    public Configuration(Configuration other) {
        confData.putAll(other.confData);
    }

    /** Creates a configuration holding the given string map. */
    public static Configuration fromMap(Map<String, String> map) {
        Configuration c = new Configuration();
        c.confData.putAll(map);
        return c;
    }

    public String getString(String key, String defaultValue) {
        Object v = confData.get(key);
        return v == null ? defaultValue : v.toString();
    }

    public void setString(String key, String value) {
        confData.put(Objects.requireNonNull(key), value);
    }

    public boolean containsKey(String key) {
        return confData.containsKey(key);
    }

    public java.util.Set<String> keySet() {
        return confData.keySet();
    }

    /** A copy of all entries as strings. */
    public Map<String, String> toMap() {
        Map<String, String> map = new HashMap<>();
        confData.forEach((k, v) -> map.put(k, v == null ? null : v.toString()));
        return map;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof Configuration && confData.equals(((Configuration) o).confData);
    }

    @Override
    public int hashCode() {
        return confData.hashCode();
    }

    @Override
    public String toString() {
        return toMap().toString();
    }
}
