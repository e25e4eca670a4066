/* options.h - checking a table's WITH options against what its connector
 * and format understand ("conn_options_"), as Flink's FactoryUtil does: an
 * option nobody consumes (a typo such as 'fields.a.mni') fails the job with
 * Flink's "Unsupported options found for '<connector>'." and the lists of
 * unsupported and supported options, instead of being silently ignored. */
#ifndef PTF_OPTIONS_H
#define PTF_OPTIONS_H

#include <stddef.h>

#include "catalog/catalog.h"

/* 0, or -1 with err set. Tables fed by test events and Flink's testing
 * connector 'values' are not checked (their options describe the events). */
int conn_options_validate(const catalog_table_t *t, char *err, size_t errlen);

#endif
