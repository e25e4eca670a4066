/* options.c - see options.h. The option lists are Flink's for the
 * connectors and formats ptfhost implements; options ptfhost accepts but
 * does not need (parallelism, rolling policies) are listed so that scripts
 * written for Flink run unchanged. */
#include "connectors/options.h"

#include <stdio.h>
#include <string.h>

#include "util/buf.h"

static const char *const filesystem_options[] = {
    "connector", "path", "format", "source.monitor-interval", "source.path.regex-pattern",
    "source.report-statistics", "partition.default-name", "partition.fields.*", "sink.parallelism",
    "sink.rolling-policy.*", "sink.partition-commit.*", "auto-compaction", "compaction.file-size", NULL,
};
static const char *const datagen_options[] = {
    "connector", "rows-per-second", "number-of-rows", "scan.parallelism", NULL,
};
static const char *const datagen_field_options[] = {
    "kind", "min", "max", "max-past", "length", "start", "end", "null-rate", "var-len", NULL,
};
/* 'sink.supports-delete-by-key' is Flink's testing sink option; ptfhost also
 * accepts it on print sinks, to tell a ChangelogFunction that deletes by key
 * are fine (compat cases use it as Flink's tests use their values sink). */
static const char *const print_options[] = {"connector", "print-identifier", "standard-error", "sink.parallelism",
                                            "sink.supports-delete-by-key", NULL};
static const char *const blackhole_options[] = {"connector", NULL};
static const char *const kafka_options[] = {
    "connector", "topic", "topic-pattern", "properties.*", "format", "key.format", "key.fields", "key.fields-prefix",
    "value.format", "value.fields-include", "scan.startup.mode", "scan.startup.specific-offsets",
    "scan.startup.timestamp-millis", "scan.bounded.mode", "scan.bounded.specific-offsets",
    "scan.bounded.timestamp-millis", "scan.topic-partition-discovery.interval", "scan.parallelism",
    "sink.partitioner", "sink.semantic", "sink.delivery-guarantee", "sink.transactional-id-prefix",
    "sink.parallelism", "error-handling.mode", "error-handling.log.target", NULL,
};
/* Flink's upsert-kafka options; the scan.bounded.* ones are there so that a
 * job over a topic can end. sink.buffer-flush.* are accepted and not needed
 * (every change is written as it comes). */
static const char *const upsert_kafka_options[] = {
    "connector", "topic", "properties.*", "key.format", "key.fields-prefix", "value.format", "value.fields-include",
    "scan.bounded.mode", "scan.bounded.specific-offsets", "scan.bounded.timestamp-millis", "scan.parallelism",
    "sink.parallelism", "sink.buffer-flush.max-rows", "sink.buffer-flush.interval", "sink.delivery-guarantee",
    "sink.transactional-id-prefix", "error-handling.mode", "error-handling.log.target", NULL,
};

static const char *const json_options[] = {
    "fail-on-missing-field", "ignore-parse-errors", "timestamp-format.standard", "map-null-key.mode",
    "map-null-key.literal", "encode.decimal-as-plain-number", "encode.ignore-null-fields",
    "decode.json-parser.enabled", NULL,
};
static const char *const debezium_options[] = {
    "schema-include", "ignore-parse-errors", "timestamp-format.standard", "map-null-key.mode", "map-null-key.literal",
    "encode.decimal-as-plain-number", "encode.ignore-null-fields", NULL,
};
static const char *const csv_options[] = {
    "field-delimiter", "disable-quote-character", "quote-character", "allow-comments", "ignore-parse-errors",
    "array-element-delimiter", "escape-character", "null-literal", "write-bigdecimal-in-scientific-notation", NULL,
};

/* Whether key matches one of the names (a trailing ".*" matches a prefix). */
static bool listed(const char *const *names, const char *key)
{
    for (; *names; names++) {
        size_t n = strlen(*names);
        if (n > 2 && strcmp(*names + n - 2, ".*") == 0) {
            if (strncmp(key, *names, n - 1) == 0) return true;
        } else if (strcmp(key, *names) == 0) {
            return true;
        }
    }
    return false;
}

static const char *const *format_options(const char *format)
{
    if (!format) return NULL;
    if (strcmp(format, "json") == 0) return json_options;
    if (strcmp(format, "csv") == 0) return csv_options;
    if (strcmp(format, "debezium-json") == 0) return debezium_options;
    return NULL;
}

/* Whether key is '<side><format>.<option>' of the format the table's
 * format_key option names (side "" for 'format', "key." for 'key.format'). */
static bool format_option(const catalog_table_t *t, const char *key, const char *format_key, const char *side)
{
    const char *format = catalog_table_option(t, format_key);
    const char *const *fo = format_options(format);
    size_t ns = strlen(side), n = format ? strlen(format) : 0;
    return fo && strncmp(key, side, ns) == 0 && strncmp(key + ns, format, n) == 0 && key[ns + n] == '.' &&
           listed(fo, key + ns + n + 1);
}

/* The planner's own watermark options (Flink's FactoryUtil WATERMARK_*), taken
 * by any source table; ptfhost runs these three (native/engine/inputs.c). */
static const char *const watermark_options[] = {
    "scan.watermark.emit.strategy", "scan.watermark.emit.on-event.gap", "scan.watermark.idle-timeout", NULL,
};

static bool supported(const catalog_table_t *t, const char *connector, const char *key)
{
    if (listed(watermark_options, key)) return true;
    if (strcmp(connector, "filesystem") == 0)
        return listed(filesystem_options, key) || format_option(t, key, "format", "");
    if (strcmp(connector, "kafka") == 0)
        return listed(kafka_options, key) || format_option(t, key, "format", "") ||
               format_option(t, key, "key.format", "key.") || format_option(t, key, "value.format", "value.");
    if (strcmp(connector, "upsert-kafka") == 0)
        return listed(upsert_kafka_options, key) || format_option(t, key, "key.format", "key.") ||
               format_option(t, key, "value.format", "value.");
    if (strcmp(connector, "datagen") == 0) {
        if (listed(datagen_options, key)) return true;
        if (strncmp(key, "fields.", 7) != 0) return false;
        const char *col = key + 7, *dot = strrchr(col, '.');
        if (!dot || dot == col) return false;
        for (int i = 0; i < t->schema->nfields; i++) {
            const char *name = t->schema->fields[i].name;
            if (strlen(name) == (size_t)(dot - col) && strncmp(name, col, (size_t)(dot - col)) == 0)
                return listed(datagen_field_options, dot + 1);
        }
        return false;
    }
    if (strcmp(connector, "print") == 0) return listed(print_options, key);
    if (strcmp(connector, "blackhole") == 0) return listed(blackhole_options, key);
    return true;   /* unknown connectors fail elsewhere, with Flink's factory message */
}

static void list_supported(buf_t *b, const catalog_table_t *t, const char *connector)
{
    const char *const *groups[2] = {NULL, NULL};
    if (strcmp(connector, "filesystem") == 0) groups[0] = filesystem_options;
    else if (strcmp(connector, "datagen") == 0) groups[0] = datagen_options;
    else if (strcmp(connector, "print") == 0) groups[0] = print_options;
    else if (strcmp(connector, "kafka") == 0) groups[0] = kafka_options;
    else if (strcmp(connector, "upsert-kafka") == 0) groups[0] = upsert_kafka_options;
    else groups[0] = blackhole_options;
    for (const char *const *n = groups[0]; *n; n++) buf_printf(b, "%s\n", *n);
    bool formats = strcmp(connector, "filesystem") == 0 || strcmp(connector, "kafka") == 0 ||
                   strcmp(connector, "upsert-kafka") == 0;
    static const char *const sides[][2] = {{"format", ""}, {"key.format", "key."}, {"value.format", "value."}};
    for (size_t s = 0; formats && s < 3; s++) {
        const char *format = catalog_table_option(t, sides[s][0]);
        for (const char *const *fo = format_options(format); fo && *fo; fo++)
            buf_printf(b, "%s%s.%s\n", sides[s][1], format, *fo);
    }
    if (strcmp(connector, "datagen") == 0)
        for (int i = 0; i < t->schema->nfields; i++)
            for (const char *const *n = datagen_field_options; *n; n++)
                buf_printf(b, "fields.%s.%s\n", t->schema->fields[i].name, *n);
}

int conn_options_validate(const catalog_table_t *t, char *err, size_t errlen)
{
    const char *connector = catalog_table_option(t, "connector");
    if (!connector || t->has_events || t->is_values || strcmp(connector, "values") == 0) return 0;
    buf_t bad = BUF_INIT;
    for (int i = 0; i < t->nopts; i++)
        if (!supported(t, connector, t->opts[i].key)) buf_printf(&bad, "%s\n", t->opts[i].key);
    if (bad.len == 0) {
        buf_free(&bad);
        return 0;
    }
    buf_t all = BUF_INIT;
    list_supported(&all, t, connector);
    snprintf(err, errlen, "Unsupported options found for '%s'.\n\nUnsupported options:\n\n%s\nSupported options:\n\n%s"
                          "(table '%s': check the spelling of the options above)", connector, buf_cstr(&bad),
             buf_cstr(&all), t->name);
    buf_free(&bad);
    buf_free(&all);
    return -1;
}
