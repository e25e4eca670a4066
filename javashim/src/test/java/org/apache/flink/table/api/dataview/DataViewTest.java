package org.apache.flink.table.api.dataview;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertTrue;

import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedList;
import java.util.List;
import java.util.Map;

/** Heap-backed ListView/MapView behaviour and the extension points the runtime relies on. */
public class DataViewTest {

    public static void testListViewHeapBehaviour() throws Exception {
        ListView<String> view = new ListView<>();
        assertTrue(view.getList() instanceof ArrayList, "backed by an ArrayList by default");
        view.add("a");
        view.addAll(Arrays.asList("b", "a"));
        assertEquals(Arrays.asList("a", "b", "a"), toList(view.get()));
        assertTrue(view.remove("a"), "removes the first occurrence");
        assertTrue(!view.remove("z"), "nothing to remove");
        assertEquals(Arrays.asList("b", "a"), view.getList());
        LinkedList<String> replacement = new LinkedList<>(Arrays.asList("x"));
        view.setList(replacement);
        assertTrue(view.getList() == replacement, "setList replaces the backing list");
        view.clear();
        assertTrue(replacement.isEmpty(), "clear empties the backing list");
    }

    public static void testListViewEquality() throws Exception {
        ListView<Integer> a = new ListView<>();
        ListView<Integer> b = new ListView<>();
        a.add(1);
        b.add(1);
        assertEquals(a, b);
        assertEquals(a.hashCode(), b.hashCode());
        b.add(2);
        assertTrue(!a.equals(b), "different content");
    }

    public static void testMapViewHeapBehaviour() throws Exception {
        MapView<String, Integer> view = new MapView<>();
        assertTrue(view.getMap() instanceof HashMap, "backed by a HashMap by default");
        assertTrue(view.isEmpty(), "empty at start");
        view.put("a", 1);
        Map<String, Integer> more = new HashMap<>();
        more.put("b", 2);
        view.putAll(more);
        assertEquals(1, view.get("a"));
        assertEquals(null, view.get("z"));
        assertTrue(view.contains("b"), "contains b");
        view.remove("b");
        assertTrue(!view.contains("b"), "b removed");
        assertEquals(Arrays.asList("a"), toList(view.keys()));
        assertEquals(Arrays.asList(1), toList(view.values()));
        Iterator<Map.Entry<String, Integer>> it = view.iterator();
        Map.Entry<String, Integer> e = it.next();
        assertEquals("a", e.getKey());
        assertTrue(!it.hasNext(), "one entry");
        assertEquals(1, toList(view.entries()).size());
        MapView<String, Integer> other = new MapView<>();
        other.put("a", 1);
        assertEquals(view, other);
        assertEquals(view.hashCode(), other.hashCode());
        view.clear();
        assertTrue(view.isEmpty(), "cleared");
    }

    /** The runtime substitutes state-backed subclasses; every data method must be overridable. */
    public static void testViewsAreExtensible() throws Exception {
        for (Class<?> c : new Class<?>[] {ListView.class, MapView.class}) {
            assertTrue(!Modifier.isFinal(c.getModifiers()), c + " must not be final");
            assertTrue(Modifier.isPublic(c.getConstructor().getModifiers()), c + " needs a public no-arg ctor");
            for (java.lang.reflect.Method m : c.getDeclaredMethods()) {
                if (Modifier.isPublic(m.getModifiers()) && !Modifier.isStatic(m.getModifiers())) {
                    assertTrue(!Modifier.isFinal(m.getModifiers()), m + " must be overridable");
                }
            }
        }
        List<String> log = new ArrayList<>();
        ListView<String> overriding = new ListView<String>() {
            @Override
            public void add(String value) {
                log.add("add " + value);
            }
        };
        overriding.add("x");
        assertEquals(Arrays.asList("add x"), log);
        assertTrue(overriding.getList().isEmpty(), "heap list bypassed by the subclass");
    }

    private static <T> List<T> toList(Iterable<T> it) {
        List<T> out = new ArrayList<>();
        it.forEach(out::add);
        return out;
    }
}
