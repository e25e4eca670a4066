package io.ptfhost.bridge.runtime;

import java.util.ArrayList;
import java.util.List;

/**
 * Open objects by handle: small ints, reused after removal. Adding and removing are synchronized;
 * {@link #get} reads a snapshot without a lock (the watchdog reads from another thread).
 */
final class HandleTable<T> {

    private final List<T> table = new ArrayList<>();
    private volatile Object[] snapshot = new Object[0];

    synchronized int add(T value) {
        int handle = table.indexOf(null);
        if (handle < 0) {
            handle = table.size();
            table.add(value);
        } else {
            table.set(handle, value);
        }
        snapshot = table.toArray();
        return handle;
    }

    /** The object removed, or null for an unknown handle. */
    synchronized T remove(int handle) {
        if (handle < 0 || handle >= table.size() || table.get(handle) == null) {
            return null;
        }
        T r = table.set(handle, null);
        snapshot = table.toArray();
        return r;
    }

    /** The object, or an IllegalArgumentException naming what is missing. */
    @SuppressWarnings("unchecked")
    T get(int handle, String what) {
        Object[] s = snapshot;
        Object r = handle >= 0 && handle < s.length ? s[handle] : null;
        if (r == null) {
            throw new IllegalArgumentException("No open " + what + " has handle " + handle + ".");
        }
        return (T) r;
    }
}
