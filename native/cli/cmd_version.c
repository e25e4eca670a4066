/* cmd_version.c - ptfhost --version: what ptfhost is and which JVM it would
 * use. The JVM is found as jni/jb_vm.c finds it (JAVA_HOME, then Debian's
 * default-java) and described from its `release` file, without starting it. */
#include "cli/cli.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define DEBIAN_JAVA_HOME "/usr/lib/jvm/default-java"
#define LIBJVM_SUBPATH "/lib/server/libjvm.so"

/* The value of KEY="value" in a JDK's release file, into out ("" if none). */
static void release_value(const char *java_home, const char *key, char *out, size_t outlen)
{
    char path[PATH_MAX], line[512];
    snprintf(path, sizeof path, "%s/release", java_home);
    out[0] = '\0';
    FILE *f = fopen(path, "r");
    if (!f) return;
    size_t klen = strlen(key);
    while (fgets(line, sizeof line, f)) {
        if (strncmp(line, key, klen) != 0 || line[klen] != '=') continue;
        char *v = line + klen + 1;
        v[strcspn(v, "\r\n")] = '\0';
        size_t n = strlen(v);
        if (n >= 2 && v[0] == '"' && v[n - 1] == '"') v[n - 1] = '\0', v++;
        snprintf(out, outlen, "%s", v);
        break;
    }
    fclose(f);
}

int cli_print_version(void)
{
    printf("ptfhost %s\n", PTFHOST_VERSION);
    printf("Flink PTF API: %s (org.apache.flink:flink-table-common)\n", PTFHOST_FLINK_VERSIONS);
    const char *homes[2] = {getenv("JAVA_HOME"), DEBIAN_JAVA_HOME};
    for (int i = 0; i < 2; i++) {
        if (!homes[i] || !*homes[i]) continue;
        char lib[PATH_MAX];
        snprintf(lib, sizeof lib, "%s%s", homes[i], LIBJVM_SUBPATH);
        if (access(lib, R_OK) != 0) continue;
        char version[128], vendor[128];
        release_value(homes[i], "JAVA_RUNTIME_VERSION", version, sizeof version);
        if (!version[0]) release_value(homes[i], "JAVA_VERSION", version, sizeof version);
        release_value(homes[i], "IMPLEMENTOR", vendor, sizeof vendor);
        printf("JVM: %s%s%s%s (%s)\n", version[0] ? version : "unknown version", vendor[0] ? " (" : "", vendor,
               vendor[0] ? ")" : "", lib);
        return cli_finish("", 0, NULL);
    }
    printf("JVM: none found (set JAVA_HOME to a JDK 17 or newer, or install openjdk-17-jdk-headless)\n");
    return cli_finish("", 0, NULL);
}
