/* cmd_init.c - ptfhost init DIR [--package P]: a small Maven project for a
 * PTF author. pom.xml compiles with -parameters against Flink's
 * flink-table-common 2.3.0 (provided); its profile `ptfhost-api` compiles
 * against ptfhost's own API JAR instead, for machines where Flink's artifact
 * cannot be downloaded. Beside it: one sample PTF, a SQL job that runs it
 * (ptfhost run job.sql) and a test case (ptfhost test count_clicks.case). */
#include "cli/cli.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char POM[] =
    "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    "<!-- A PTF for Flink 2.3, built into target/ptfs.jar.\n"
    "       mvn package                 compiles against Flink's flink-table-common (provided)\n"
    "       mvn -Pptfhost-api package   compiles against ptfhost's own API JAR (no download), e.g. offline:\n"
    "       mvn -o -s /etc/maven/settings-debian.xml -Pptfhost-api package\n"
    "     -parameters keeps the argument and state names Flink reads. -->\n"
    "<project xmlns=\"http://maven.apache.org/POM/4.0.0\"\n"
    "         xmlns:xsi=\"http://www.w3.org/2001/XMLSchema-instance\"\n"
    "         xsi:schemaLocation=\"http://maven.apache.org/POM/4.0.0 http://maven.apache.org/xsd/maven-4.0.0.xsd\">\n"
    "  <modelVersion>4.0.0</modelVersion>\n"
    "  <groupId>%s</groupId>\n"
    "  <artifactId>ptfs</artifactId>\n"
    "  <version>0.1.0</version>\n"
    "  <packaging>jar</packaging>\n"
    "\n"
    "  <properties>\n"
    "    <project.build.sourceEncoding>UTF-8</project.build.sourceEncoding>\n"
    "    <flink.version>2.3.0</flink.version>\n"
    "    <ptfhost.api.jar>%s/java/ptfhost-shim.jar</ptfhost.api.jar>\n"
    "  </properties>\n"
    "\n"
    "  <profiles>\n"
    "    <profile>\n"
    "      <id>flink</id>\n"
    "      <activation><activeByDefault>true</activeByDefault></activation>\n"
    "      <dependencies>\n"
    "        <dependency>\n"
    "          <groupId>org.apache.flink</groupId>\n"
    "          <artifactId>flink-table-common</artifactId>\n"
    "          <version>${flink.version}</version>\n"
    "          <scope>provided</scope>\n"
    "        </dependency>\n"
    "      </dependencies>\n"
    "    </profile>\n"
    "    <profile>\n"
    "      <!-- The same API, from ptfhost (-Dptfhost.api.jar=... if ptfhost moved). -->\n"
    "      <id>ptfhost-api</id>\n"
    "      <dependencies>\n"
    "        <dependency>\n"
    "          <groupId>io.ptfhost</groupId>\n"
    "          <artifactId>ptfhost-shim</artifactId>\n"
    "          <version>0.1.0</version>\n"
    "          <scope>system</scope>\n"
    "          <systemPath>${ptfhost.api.jar}</systemPath>\n"
    "        </dependency>\n"
    "      </dependencies>\n"
    "    </profile>\n"
    "  </profiles>\n"
    "\n"
    "  <build>\n"
    "    <finalName>ptfs</finalName>\n"
    "    <plugins>\n"
    "      <plugin>\n"
    "        <groupId>org.apache.maven.plugins</groupId>\n"
    "        <artifactId>maven-resources-plugin</artifactId>\n"
    "        <version>3.3.0</version>\n"
    "      </plugin>\n"
    "      <plugin>\n"
    "        <groupId>org.apache.maven.plugins</groupId>\n"
    "        <artifactId>maven-compiler-plugin</artifactId>\n"
    "        <version>3.10.1</version>\n"
    "        <configuration>\n"
    "          <release>17</release>\n"
    "          <compilerArgs>\n"
    "            <arg>-parameters</arg>\n"
    "          </compilerArgs>\n"
    "        </configuration>\n"
    "      </plugin>\n"
    "      <plugin>\n"
    "        <groupId>org.apache.maven.plugins</groupId>\n"
    "        <artifactId>maven-surefire-plugin</artifactId>\n"
    "        <version>2.22.3</version>\n"
    "        <configuration><skip>true</skip></configuration>\n"
    "      </plugin>\n"
    "      <plugin>\n"
    "        <groupId>org.apache.maven.plugins</groupId>\n"
    "        <artifactId>maven-jar-plugin</artifactId>\n"
    "        <version>3.3.0</version>\n"
    "      </plugin>\n"
    "    </plugins>\n"
    "  </build>\n"
    "</project>\n";

static const char PTF[] =
    "package %s;\n"
    "\n"
    "import org.apache.flink.table.annotation.ArgumentHint;\n"
    "import org.apache.flink.table.annotation.ArgumentTrait;\n"
    "import org.apache.flink.table.annotation.DataTypeHint;\n"
    "import org.apache.flink.table.annotation.StateHint;\n"
    "import org.apache.flink.table.functions.ProcessTableFunction;\n"
    "import org.apache.flink.types.Row;\n"
    "\n"
    "/** Counts each user's clicks: set semantics (PARTITION BY), one state entry per key. */\n"
    "@DataTypeHint(\"ROW<url STRING, click_count BIGINT>\")\n"
    "public class CountClicks extends ProcessTableFunction<Row> {\n"
    "\n"
    "    public static class ClickState {\n"
    "        public long count = 0L;\n"
    "    }\n"
    "\n"
    "    public void eval(\n"
    "            @StateHint ClickState state,\n"
    "            @ArgumentHint(ArgumentTrait.SET_SEMANTIC_TABLE) Row input) {\n"
    "        state.count++;\n"
    "        collect(Row.of(input.getFieldAs(\"url\"), state.count));\n"
    "    }\n"
    "}\n";

static const char JOB[] =
    "-- ptfhost run job.sql (after mvn package)\n"
    "CREATE FUNCTION count_clicks AS '%s.CountClicks' USING JAR 'target/ptfs.jar';\n"
    "\n"
    "CREATE TABLE clicks (\n"
    "  user_id INT,\n"
    "  url STRING\n"
    ") WITH ('connector' = 'filesystem', 'path' = 'clicks.json', 'format' = 'json');\n"
    "\n"
    "SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);\n";

static const char CLICKS[] =
    "{\"user_id\": 1, \"url\": \"/home\"}\n"
    "{\"user_id\": 2, \"url\": \"/shop\"}\n"
    "{\"user_id\": 1, \"url\": \"/cart\"}\n";

static const char CASE[] =
    "# ptfhost test count_clicks.case (after mvn package): the rows each input yields.\n"
    "\n"
    "-- case: count_clicks counts each user's clicks\n"
    "-- sql\n"
    "CREATE FUNCTION count_clicks AS '%s.CountClicks' USING JAR 'target/ptfs.jar';\n"
    "CREATE TABLE clicks (user_id INT, url STRING) WITH ('connector' = 'filesystem', 'path' = 'clicks.json', "
    "'format' = 'json');\n"
    "SELECT * FROM count_clicks(input => TABLE clicks PARTITION BY user_id);\n"
    "-- input clicks\n"
    "+I {\"user_id\": 1, \"url\": \"/home\"}\n"
    "+I {\"user_id\": 2, \"url\": \"/shop\"}\n"
    "+I {\"user_id\": 1, \"url\": \"/cart\"}\n"
    "-- expected\n"
    "+I[1, /home, 1]\n"
    "+I[2, /shop, 1]\n"
    "+I[1, /cart, 2]\n";

static bool valid_package(const char *p)
{
    bool start = true;
    for (; *p; p++) {
        if (*p == '.') {
            if (start) return false;
            start = true;
        } else if (isalpha((unsigned char)*p) || *p == '_' || *p == '$' || (!start && isdigit((unsigned char)*p))) {
            start = false;
        } else {
            return false;
        }
    }
    return !start;
}

static int mkdirs(const char *path, char *err, size_t errlen)
{
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s", path);
    for (char *s = tmp + 1;; s++) {
        char c = *s;
        if (c != '/' && c != '\0') continue;
        *s = '\0';
        if (mkdir(tmp, 0777) != 0 && errno != EEXIST) {
            snprintf(err, errlen, "cannot create folder '%.2048s': %s", tmp, strerror(errno));
            return -1;
        }
        *s = c;
        if (!c) return 0;
    }
}

/* Writes dir/name from a format with up to one %s (arg). */
static int write_file(const char *dir, const char *name, const char *fmt, const char *arg, const char *arg2,
                      char *err, size_t errlen)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", dir, name);
    FILE *f = fopen(path, "w");
    if (!f) {
        snprintf(err, errlen, "cannot write '%.2048s': %s", path, strerror(errno));
        return -1;
    }
    fprintf(f, fmt, arg, arg2);
    if (fclose(f) != 0) {
        snprintf(err, errlen, "cannot write '%.2048s': %s", path, strerror(errno));
        return -1;
    }
    return 0;
}

static bool is_empty_dir(const char *dir)
{
    DIR *d = opendir(dir);
    if (!d) return errno == ENOENT;
    struct dirent *e;
    bool empty = true;
    while (empty && (e = readdir(d)))
        if (strcmp(e->d_name, ".") && strcmp(e->d_name, "..")) empty = false;
    closedir(d);
    return empty;
}

static int write_project(const char *dir, const char *pkg, char *err, size_t errlen)
{
    char src[4096];
    int n = snprintf(src, sizeof src, "%s/src/main/java/%s", dir, pkg);
    for (char *s = src + n - strlen(pkg); *s; s++)
        if (*s == '.') *s = '/';
    if (mkdirs(src, err, errlen) != 0) return -1;
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat-nonliteral"
#pragma GCC diagnostic ignored "-Wformat-extra-args"
    if (write_file(dir, "pom.xml", POM, pkg, cli_home(), err, errlen) != 0 ||
        write_file(src, "CountClicks.java", PTF, pkg, NULL, err, errlen) != 0 ||
        write_file(dir, "job.sql", JOB, pkg, NULL, err, errlen) != 0 ||
        write_file(dir, "clicks.json", CLICKS, NULL, NULL, err, errlen) != 0 ||
        write_file(dir, "count_clicks.case", CASE, pkg, NULL, err, errlen) != 0)
        return -1;
#pragma GCC diagnostic pop
    return 0;
}

int cmd_init(int argc, char **argv)
{
    const char *pkg = "com.example";
    bool help = false;
    const cli_option_t opts[] = {
        {"package", CLI_STRING, &pkg, "NAME  the Java package of the sample PTF (default com.example)"},
        {"help", CLI_FLAG, &help, "show this help"},
        {0},
    };
    cli_strlist_t pos = {0};
    int rc = cli_parse("init", opts, argc, argv, &pos);
    if (rc == 0 && (help || pos.n != 1)) {
        cli_usage("init", "[--package com.example] DIR", opts);
        rc = help ? 0 : 2;
    }
    char err[4096] = "";
    if (rc == 0 && pos.n == 1) {
        const char *dir = pos.items[0];
        if (!valid_package(pkg)) {
            snprintf(err, sizeof err, "'%s' is not a Java package name (e.g. com.example.ptfs)", pkg);
            rc = 2;
        } else if (!is_empty_dir(dir)) {
            snprintf(err, sizeof err, "'%s' exists and is not empty: choose a new folder", dir);
            rc = 2;
        } else if (mkdirs(dir, err, sizeof err) != 0 || write_project(dir, pkg, err, sizeof err) != 0) {
            rc = 2;
        } else {
            printf("Wrote a PTF project in %s:\n  cd %s && mvn package   (or, offline: mvn -o -s "
                   "/etc/maven/settings-debian.xml -Pptfhost-api package)\n  ptfhost describe --jar target/ptfs.jar\n"
                   "  ptfhost run job.sql\n  ptfhost test count_clicks.case\n", dir, dir);
        }
    }
    cli_strlist_free(&pos);
    return cli_finish("init", rc, err);
}
