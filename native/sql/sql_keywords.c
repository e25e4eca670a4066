/* sql_keywords.c - Flink SQL's reserved keywords.
 *
 * A reserved keyword cannot be a name unless quoted with backticks
 * (`value`, `timestamp`, `user`); Flink rejects `CREATE TABLE t (value INT)`
 * and so does ptfhost, with a message that says how to quote it. The set is
 * Calcite's reserved words (Calcite 1.32/1.34, which Flink 2.x builds on)
 * plus the keywords Flink's parser adds as reserved (Parser.tdd: "keywords"
 * minus "nonReservedKeywords" and "nonReservedKeywordsToAdd"). Non-reserved
 * keywords (INPUT, STATE, KEY, VIEW, TEMPORARY, ...) are ordinary names. */
#include "sql/sql.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* Sorted in C (byte) order, so that bsearch over upper-cased words works. */
static const char *const reserved[] = {
    "ABS", "ALL", "ALLOCATE", "ALLOW", "ALTER", "AND", "ANY", "ARE", "ARRAY",
    "ARRAY_MAX_CARDINALITY", "AS", "ASENSITIVE", "ASYMMETRIC", "AT", "ATOMIC", "AUTHORIZATION",
    "AVG", "BEGIN", "BEGIN_FRAME", "BEGIN_PARTITION", "BETWEEN", "BIGINT", "BINARY", "BIT", "BLOB",
    "BOOLEAN", "BOTH", "BUCKETS", "BY", "BYTES", "CALL", "CALLED", "CARDINALITY", "CASCADED",
    "CASE", "CAST", "CATALOGS", "CEIL", "CEILING", "CHAR", "CHARACTER", "CHARACTER_LENGTH",
    "CHAR_LENGTH", "CHECK", "CLASSIFIER", "CLOB", "CLOSE", "COALESCE", "COLLATE", "COLLECT",
    "COLUMN", "COMMENT", "COMMIT", "CONDITION", "CONNECT", "CONNECTIONS", "CONSTRAINT", "CONTAINS",
    "CONTINUOUS", "CONVERT", "CORR", "CORRESPONDING", "COUNT", "COVAR_POP", "COVAR_SAMP", "CREATE",
    "CROSS", "CUBE", "CUME_DIST", "CURRENT", "CURRENT_CATALOG", "CURRENT_DATE",
    "CURRENT_DEFAULT_TRANSFORM_GROUP", "CURRENT_PATH", "CURRENT_ROLE", "CURRENT_ROW",
    "CURRENT_SCHEMA", "CURRENT_TIME", "CURRENT_TIMESTAMP", "CURRENT_TRANSFORM_GROUP_FOR_TYPE",
    "CURRENT_USER", "CURSOR", "CYCLE", "DATABASES", "DATE", "DAY", "DEALLOCATE", "DEC", "DECIMAL",
    "DECLARE", "DEFAULT", "DEFINE", "DELETE", "DENSE_RANK", "DEREF", "DESCRIBE", "DETERMINISTIC",
    "DISALLOW", "DISCONNECT", "DISTINCT", "DISTRIBUTED", "DISTRIBUTION", "DOUBLE", "DROP",
    "DYNAMIC", "EACH", "ELEMENT", "ELSE", "EMPTY", "END", "END_FRAME", "END_PARTITION", "EQUALS",
    "ESCAPE", "EVERY", "EXCEPT", "EXEC", "EXECUTE", "EXISTS", "EXP", "EXPLAIN", "EXTEND",
    "EXTENDED", "EXTERNAL", "EXTRACT", "FALSE", "FETCH", "FILTER", "FIRST_VALUE", "FLOAT", "FLOOR",
    "FOR", "FOREIGN", "FRAME_ROW", "FREE", "FRESHNESS", "FROM", "FULL", "FUNCTION", "FUNCTIONS",
    "FUSION", "GET", "GLOBAL", "GRANT", "GROUP", "GROUPING", "GROUPS", "HASH", "HAVING", "HOLD",
    "HOUR", "IDENTITY", "IMPORT", "IN", "INDICATOR", "INITIAL", "INNER", "INOUT", "INSENSITIVE",
    "INSERT", "INT", "INTEGER", "INTERSECT", "INTERSECTION", "INTERVAL", "INTO", "IS", "JOIN",
    "JSON_ARRAY", "JSON_ARRAYAGG", "JSON_EXISTS", "JSON_OBJECT", "JSON_OBJECTAGG", "JSON_QUERY",
    "JSON_VALUE", "LAG", "LANGUAGE", "LARGE", "LAST_VALUE", "LATERAL", "LEAD", "LEADING", "LEFT",
    "LIKE", "LIKE_REGEX", "LIMIT", "LN", "LOCAL", "LOCALTIME", "LOCALTIMESTAMP", "LOWER", "MATCH",
    "MATCHES", "MATCH_NUMBER", "MATCH_RECOGNIZE", "MATERIALIZED", "MAX", "MEASURES", "MEMBER",
    "MERGE", "METHOD", "MIN", "MINUS", "MINUTE", "MOD", "MODELS", "MODIFIES", "MODIFY", "MODULE",
    "MODULES", "MONTH", "MULTISET", "NATIONAL", "NATURAL", "NCHAR", "NCLOB", "NEW", "NEXT", "NO",
    "NONE", "NORMALIZE", "NOT", "NTH_VALUE", "NTILE", "NULL", "NULLIF", "NUMERIC",
    "OCCURRENCES_REGEX", "OCTET_LENGTH", "OF", "OFFSET", "OLD", "OMIT", "ON", "ONE", "ONLY", "OPEN",
    "OR", "ORDER", "OUT", "OUTER", "OVER", "OVERLAPS", "OVERLAY", "PARAMETER", "PARTITION",
    "PATTERN", "PER", "PERCENT", "PERCENTILE_CONT", "PERCENTILE_DISC", "PERCENT_RANK", "PERIOD",
    "PERMUTE", "PORTION", "POSITION", "POSITION_REGEX", "POWER", "PRECEDES", "PRECISION", "PREPARE",
    "PREV", "PRIMARY", "PROCEDURE", "PROCEDURES", "RANGE", "RANK", "RAW", "READS", "REAL",
    "RECURSIVE", "REF", "REFERENCES", "REFERENCING", "REFRESH", "REFRESH_MODE", "REGR_AVGX",
    "REGR_AVGY", "REGR_COUNT", "REGR_INTERCEPT", "REGR_R2", "REGR_SLOPE", "REGR_SXX", "REGR_SXY",
    "REGR_SYY", "RELEASE", "RENAME", "RESET", "RESULT", "RESUME", "RETURN", "RETURNS", "REVOKE",
    "RIGHT", "ROLLBACK", "ROLLUP", "ROW", "ROWS", "ROW_NUMBER", "RUNNING", "SAVEPOINT", "SCALA",
    "SCOPE", "SCROLL", "SEARCH", "SECOND", "SEEK", "SELECT", "SENSITIVE", "SESSION_USER", "SET",
    "SHOW", "SIMILAR", "SKIP", "SMALLINT", "SOME", "SPECIFIC", "SPECIFICTYPE", "SQL",
    "SQLEXCEPTION", "SQLSTATE", "SQLWARNING", "SQRT", "START", "STATIC", "STDDEV_POP",
    "STDDEV_SAMP", "STREAM", "STRING", "STRUCTURED", "SUBMULTISET", "SUBSET", "SUBSTRING",
    "SUBSTRING_REGEX", "SUCCEEDS", "SUM", "SUSPEND", "SYMMETRIC", "SYSTEM", "SYSTEM_TIME",
    "SYSTEM_USER", "TABLE", "TABLES", "TABLESAMPLE", "THEN", "TIME", "TIMESTAMP", "TIMESTAMP_LTZ",
    "TIMEZONE_HOUR", "TIMEZONE_MINUTE", "TINYINT", "TO", "TRAILING", "TRANSLATE", "TRANSLATE_REGEX",
    "TRANSLATION", "TREAT", "TRIGGER", "TRIM", "TRIM_ARRAY", "TRUE", "TRUNCATE", "UESCAPE", "UNION",
    "UNIQUE", "UNKNOWN", "UNNEST", "UPDATE", "UPPER", "UPSERT", "USE", "USER", "USING", "VALUE",
    "VALUES", "VALUE_OF", "VARBINARY", "VARCHAR", "VARYING", "VAR_POP", "VAR_SAMP", "VERSIONING",
    "VIEWS", "WATERMARK", "WATERMARKS", "WHEN", "WHENEVER", "WHERE", "WIDTH_BUCKET", "WINDOW",
    "WITH", "WITHIN", "WITHOUT", "YEAR",
};

typedef struct word {
    const char *s;
    size_t len;
} word_t;

static int cmp_word(const void *key, const void *elem)
{
    const word_t *w = key;
    const char *r = *(const char *const *)elem;
    for (size_t i = 0; i < w->len; i++) {
        unsigned char b = (unsigned char)r[i];
        if (b == '\0')
            return 1;
        unsigned char a = (unsigned char)toupper((unsigned char)w->s[i]);
        if (a != b)
            return a < b ? -1 : 1;
    }
    return r[w->len] == '\0' ? 0 : -1;
}

int sqlp_is_reserved(const char *word, size_t len)
{
    word_t w = {word, len};
    return bsearch(&w, reserved, sizeof reserved / sizeof reserved[0], sizeof reserved[0], cmp_word) != NULL;
}
