#!/usr/bin/env bash
# A MAP read by the JSON format prints in Flink's order, not the document's:
# Flink's decoder puts the members into a java.util.HashMap keyed by
# BinaryStringData (hashCode: Murmur3 of the UTF-8 bytes, seed 42), and the
# tableau iterates that map. Expected orders are derived from that hash
# (tests/unit/test_java_hash.c): red, green, blue -> green, blue, red, and
# b, r -> r, b. The changelog's Row.toString goes through a HashMap of Java
# Strings, where "b" and "r" share a bucket and keep the decoded order. A MAP
# built in SQL keeps its order.
set -uo pipefail
: "${PTFHOST:?}"
W=$(mktemp -d)
trap 'rm -rf "$W"' EXIT
. "$(dirname "$0")/lib/run_lib.sh"

printf '%s\n' '{"id": 1, "m": {"red": 1, "green": 2, "blue": 3}}' '{"id": 2, "m": {"b": 1, "r": 2}}' >"$W/in.json"
SRC="CREATE TABLE src (id INT, m MAP<STRING, INT>) WITH ('connector' = 'filesystem', 'path' = 'in.json', 'format' = 'json');"

run_case json_map_in_hashmap_order_tableau 0 "--format tableau" "$SRC
SELECT id, m FROM src;" "{green=2, blue=3, red=1}" "{r=2, b=1}"
run_case json_map_in_hashmap_order_changelog 0 "" "$SRC
SELECT id, m FROM src;" "+I[1, {red=1, green=2, blue=3}]" "+I[2, {r=2, b=1}]"
run_case sql_map_keeps_its_order_tableau 0 "--format tableau" \
  "SELECT MAP['red', 1, 'green', 2, 'blue', 3] AS m;" "{red=1, green=2, blue=3}"

echo "json map order: $pass passed, $fail failed"
[ "$fail" -eq 0 ]
