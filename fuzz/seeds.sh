#!/usr/bin/env bash
# fuzz/seeds.sh ROOT OUT: the seed corpora of the fuzz targets, one folder per
# target under OUT, from compat/ and tests/vectors/ (rebuilt each time; the
# corpus a run grows lives next to them in OUT/<target>.grown).
set -euo pipefail
ROOT=$1 OUT=$2
rm -rf "$OUT/seeds"
mkdir -p "$OUT/seeds"/{fuzz_sql,fuzz_type,fuzz_json,fuzz_json_paths,fuzz_debezium,fuzz_csv,fuzz_case_text,fuzz_case_json,fuzz_batch}
S=$OUT/seeds

seed() { cat >"$(mktemp "$S/$1/seed.XXXXXX")"; }   # seed TARGET < bytes

while IFS= read -r -d '' f; do seed fuzz_sql <"$f"; done < <(find "$ROOT/compat" "$ROOT/tests" -name '*.sql' -print0)
while IFS= read -r -d '' f; do seed fuzz_case_json <"$f"; done < <(find "$ROOT/compat" "$ROOT/tests" -name '*.case.json' -print0)
while IFS= read -r -d '' f; do seed fuzz_case_text <"$f"; done < <(find "$ROOT/compat" "$ROOT/tests" -name '*.case' -print0)
while IFS= read -r -d '' f; do
  head -c 4096 "$f" | seed fuzz_json
  head -c 4096 "$f" | seed fuzz_debezium
done < <(find "$ROOT/compat" -name '*.json' ! -name '*.case.json' -print0)
while IFS= read -r -d '' f; do head -c 4096 "$f" | seed fuzz_csv; done < <(find "$ROOT/compat" -name '*.csv' -print0)
printf '1,a,1.50,true,2024-01-01 00:00:00.000,2024-01-02,,,,12:00:00,,1.5\n' | seed fuzz_csv
printf '{"id":1,"name":"a","tags":["x"],"m":{"k":1},"nested":{"a":1.5,"b":"AQI="}}\n' | seed fuzz_json
# fuzz_json_paths: single lines (the first three of each JSON seed), each under every option
# mode, which the input's first byte picks
for f in "$S"/fuzz_json/*; do
  head -n 3 "$f" | while IFS= read -r line; do
    for m in 0 1 2; do printf '%s%s' "$m" "$line" | seed fuzz_json_paths; done
  done
done
printf '{"before":null,"after":{"id":1,"name":"a"},"op":"c"}\n' | seed fuzz_debezium
printf '{"before":{"id":1},"after":{"id":1,"name":"b"},"op":"u"}\n' | seed fuzz_debezium

# types.vec: "<input> => <summary>" lines
grep -v '^#' "$ROOT/tests/vectors/types.vec" | sed -n 's/ => .*//p' | while IFS= read -r t; do
  printf '%s' "$t" | seed fuzz_type
done

# batch.txt: each answer/malformed vector as its shape (3 bytes) and its hex bytes
unhex() { local h=$1 out="" i; for ((i = 0; i < ${#h}; i += 2)); do out+="\\x${h:i:2}"; done; printf '%b' "$out"; }
shape="" hex=""
flush() { [ -n "$shape" ] && [ -n "$hex" ] && { unhex "$shape$hex" | seed fuzz_batch; }; shape="" hex=""; }
while IFS= read -r line; do
  case $line in
    answer\ *|malformed\ *|batch\ *)
      flush
      set -- $line
      case $1 in batch) shape="" ;; *) shape=$(printf '%02x%02x%02x' $(( $4 & 15 )) $(( $8 & 15 )) $(( $6 & 15 ))) ;; esac ;;
    hex\ *) hex+=$(printf '%s' "${line#hex}" | tr -d ' ') ;;
  esac
done <"$ROOT/tests/vectors/batch.txt"
flush
for d in "$S"/*; do echo "fuzz seeds: $(basename "$d"): $(ls "$d" | wc -l)"; done
