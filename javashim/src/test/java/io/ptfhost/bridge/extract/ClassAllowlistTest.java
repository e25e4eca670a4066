package io.ptfhost.bridge.extract;

import static io.ptfhost.testkit.Assert.assertEquals;
import static io.ptfhost.testkit.Assert.assertThrows;

/** The class allowlist's patterns (cmf.sql.classAllowlist): globs over class names. */
public class ClassAllowlistTest {

    public static void testUnsetOrBlankIsNoAllowlist() {
        assertEquals(null, ClassAllowlist.parse(null));
        assertEquals(null, ClassAllowlist.parse(" , "));
    }

    public static void testStarMatchesAnyCharactersDotsIncluded() {
        ClassAllowlist a = ClassAllowlist.parse("java.*, com.example.Median ,*$Helper");
        assertEquals(true, a.allows("java.lang.String"));
        assertEquals(true, a.allows("java.util.concurrent.ConcurrentHashMap"));
        assertEquals(true, a.allows("com.example.Median"));
        assertEquals(false, a.allows("com.example.MedianState"));
        assertEquals(true, a.allows("org.x.Outer$Helper"));
        assertEquals(false, a.allows("javax.naming.Context"));
    }

    public static void testRefusalNamesTheClassAndTheRule() {
        ClassAllowlist a = ClassAllowlist.parse("java.lang.*,com.example.*");
        SecurityException e = assertThrows(SecurityException.class, () -> a.check("java.io.File"));
        assertEquals("class java.io.File is not allowed: it matches no pattern of the class allowlist"
                + " (cmf.sql.classAllowlist, PTFHOST_CLASS_ALLOWLIST) 'java.lang.*,com.example.*'", e.getMessage());
    }
}
