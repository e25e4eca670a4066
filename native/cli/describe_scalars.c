/* describe_scalars.c - see describe_scalars.h. */
#include "cli/describe_scalars.h"

#include <stdio.h>
#include <string.h>

static const char *str(const cJSON *o, const char *name)
{
    const cJSON *v = cJSON_GetObjectItemCaseSensitive(o, name);
    return cJSON_IsString(v) ? v->valuestring : NULL;
}

int describe_scalars_count(const cJSON *doc)
{
    return cJSON_GetArraySize(cJSON_GetObjectItemCaseSensitive(doc, "scalar_functions"));
}

/* "  overload   Kind(a DOUBLE, b DOUBLE) RETURNS STRING" and its eval method. */
static void print_overload(const char *simple, const cJSON *o)
{
    printf("  overload   %s(", simple);
    const cJSON *args = cJSON_GetObjectItemCaseSensitive(o, "arguments");
    bool varargs = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(o, "varargs"));
    for (const cJSON *a = args ? args->child : NULL; a; a = a->next)
        printf("%s%s %s%s", a == args->child ? "" : ", ", str(a, "name"), str(a, "type"),
               varargs && !a->next ? "..." : "");
    printf(") RETURNS %s\n", str(o, "result"));
    printf("  eval       %s\n", str(o, "eval"));
}

static bool print_function(const cJSON *f)
{
    const char *cls = str(f, "class") ? str(f, "class") : "?";
    const char *dot = strrchr(cls, '.');
    bool valid = cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(f, "valid"));
    if (!valid) {
        printf("%s  INVALID\n%s\n", cls, str(f, "error") ? str(f, "error") : "(no message)");
        if (str(f, "fix")) printf("fix: %s\n", str(f, "fix"));
        return false;
    }
    printf("%s  (scalar function)\n", cls);
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(f, "overloads");
    for (const cJSON *o = list ? list->child : NULL; o; o = o->next) print_overload(dot ? dot + 1 : cls, o);
    return true;
}

int describe_scalars(const cJSON *doc, bool print, bool separate, int rc)
{
    const cJSON *list = cJSON_GetObjectItemCaseSensitive(doc, "scalar_functions");
    for (const cJSON *f = list ? list->child : NULL; f; f = f->next) {
        if (print && (separate || f != list->child)) putchar('\n');
        bool valid = print ? print_function(f) : cJSON_IsTrue(cJSON_GetObjectItemCaseSensitive(f, "valid"));
        if (!valid && rc == 0) rc = 1;
    }
    return rc;
}
