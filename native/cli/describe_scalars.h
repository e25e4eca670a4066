/* describe_scalars.h - the scalar functions part of `ptfhost describe`
 * (cmd_describe.c): the "scalar_functions" of Bridge.describe's answer
 * (docs/internals.md), one block per class with each overload Flink infers. */
#ifndef PTF_DESCRIBE_SCALARS_H
#define PTF_DESCRIBE_SCALARS_H

#include <cjson/cJSON.h>
#include <stdbool.h>

/* How many scalar functions the answer lists. */
int describe_scalars_count(const cJSON *doc);

/* Prints them to stdout when print is set (a blank line first when
 * separate); returns rc, or 1 when rc is 0 and one of them is invalid. */
int describe_scalars(const cJSON *doc, bool print, bool separate, int rc);

#endif
