# run_lib.sh - sourced by tests/cli/run_*.sh: runs a script with `ptfhost run`
# in the work folder W and checks its output (stdout and stderr together),
# counting pass and fail. Needs PTFHOST and W.

pass=0 fail=0

# run_sql OPTS SQL: SQL as $W/job.sql, its output in $W/all; returns ptfhost's status.
run_sql() {
  printf '%s\n' "$2" >"$W/job.sql"
  # shellcheck disable=SC2086
  (cd "$W" && "$PTFHOST" run $1 job.sql >all 2>&1)
}

# verdict NAME OK RC WANT WHY: counts the case, prints the output when it failed.
verdict() {
  if [ "$2" -eq 1 ] && [ "$3" -eq "$4" ]; then pass=$((pass + 1)); return; fi
  fail=$((fail + 1))
  echo "FAIL $1 (rc=$3, want $4${5:+; $5})"
  head -20 "$W/all"
}

# run_case NAME EXPECTED_RC "RUN OPTIONS" SQL PATTERN...: every pattern is in the output.
run_case() {
  local name=$1 want=$2 opts=$3 sql=$4 missing=() rc; shift 4
  run_sql "$opts" "$sql"; rc=$?
  for p in "$@"; do grep -qF -- "$p" "$W/all" || missing+=("$p"); done
  verdict "$name" "$([ ${#missing[@]} -eq 0 ] && echo 1 || echo 0)" "$rc" "$want" "${missing[*]:+missing: ${missing[*]}}"
}

# run_exact NAME EXPECTED_RC "RUN OPTIONS" SQL EXPECTED: the output is exactly EXPECTED.
run_exact() {
  local rc
  run_sql "$3" "$4"; rc=$?
  verdict "$1" "$([ "$(cat "$W/all")" = "$5" ] && echo 1 || echo 0)" "$rc" "$2" "want output: $5"
}
