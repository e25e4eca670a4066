/* tcase_events.h - a case's input events as the input of its tables
 * ("tcase_events_").
 *
 * An '-- input TABLE' section becomes a JSON array of events (tcase_parse.c,
 * tcase_json.c); before each query of the case reads its tables (the job's
 * before_read hook, engine/job.h) the events replace the input of the table
 * of that name. Each element is one of
 *   {"kind": "+I"|"-U"|"+U"|"-D", "row": {"col": value, ...} | [v1, v2, ...], "line": N}
 *   {"watermark": <epoch ms> | "yyyy-MM-dd HH:mm:ss[.SSS]", "line": N}
 *   {"proctime": <epoch ms> | "+<duration>" (e.g. "+30 s"), "line": N}
 * (values as in Flink's JSON format; "kind" defaults to +I; "line" is the
 * case file line for messages). A table whose events move processing time
 * runs on the test clock from its start (epoch 0).
 *
 * Ownership: a tcase_events_t copies what it is given; tcase_events_free
 * releases it. Not thread-safe. */
#ifndef PTF_TCASE_EVENTS_H
#define PTF_TCASE_EVENTS_H

#include <stddef.h>

#include "catalog/catalog.h"
#include "time/proctime.h"

typedef struct tcase_events {
    struct tcase_table_events *tables;
    int n;
} tcase_events_t;

#define TCASE_EVENTS_INIT {NULL, 0}

/* The events of table (a JSON array as above; file names the case in
 * messages). -1 with err when json is not an array. */
int tcase_events_add(tcase_events_t *ev, const char *table, const char *json, const char *file, char *err,
                     size_t errlen);

/* Replaces the input of each table of catalog that has events
 * (job_tables_hook_fn's form; ctx is the tcase_events_t). -1 with
 * "file:line: message" on a malformed event. */
int tcase_events_apply(void *ctx, catalog_t *catalog, proctime_t *clock, char *err, size_t errlen);

void tcase_events_free(tcase_events_t *ev);

#endif
