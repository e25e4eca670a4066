# bench/lib.sh - what every benchmark here shares (sourced, not run).
#
# The rules it enforces: a timed run whose exit status is not 0, or whose
# output does not hold the expected number of rows, makes the benchmark stop
# with a message and no number; medians are taken over runs that were
# interleaved by the caller (A B A B ...); a difference that comes out
# negative is reported as not measurable, never clamped.

now_ns() { date +%s%N; }

# bench_dir: a fresh working folder, in memory (/dev/shm) where the machine has one. On disk
# the inputs' pages can leave the page cache between runs (seen: 4 MB of a 32 MB input still
# cached), and a run then times the disk, not ptfhost.
bench_dir() { mktemp -d -p /dev/shm 2>/dev/null || mktemp -d; }

# median < FILE: the median of one number per line (the lower middle for an even count).
median() { sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)] }'; }

# run_ok OUT EXPECT RC CMD...: fails, saying why, if CMD exited with RC != 0 or OUT does not
# hold EXPECT lines.
run_ok() {
  local out=$1 expect=$2 rc=$3 got
  shift 3
  if [ "$rc" != 0 ]; then
    echo "bench: '$*' failed (exit $rc): $(head -c 400 "$out.log")" >&2
    return 1
  fi
  got=$( [ -f "$out" ] && wc -l <"$out" || echo 0)
  if [ "$got" != "$expect" ]; then
    echo "bench: '$*' wrote $got rows to $out, not $expect" >&2
    return 1
  fi
}

# timed_ms OUT EXPECT CMD...: runs CMD (its output to OUT.log), prints its wall time
# in ms (BENCH_CLOCK=cpu: its user + system CPU time, all threads, for a machine whose
# other load makes wall times meaningless); fails, saying why, if CMD fails or OUT does
# not hold EXPECT lines.
timed_ms() {
  local out=$1 expect=$2 t0 t1 rc=0
  shift 2
  rm -f "$out"
  t0=$(now_ns)
  if [ "${BENCH_CLOCK:-wall}" = cpu ]; then
    /usr/bin/time -f '%U %S' -o "$out.cpu" "$@" >"$out.log" 2>&1 || rc=$?
  else
    "$@" >"$out.log" 2>&1 || rc=$?
  fi
  t1=$(now_ns)
  run_ok "$out" "$expect" "$rc" "$@" || return 1
  if [ "${BENCH_CLOCK:-wall}" = cpu ]; then
    awk '{ printf "%d\n", ($1 + $2) * 1000 }' "$out.cpu"
  else
    echo $(((t1 - t0) / 1000000))
  fi
}

# peak_kb OUT EXPECT CMD...: runs CMD (its output to OUT.log) and prints its peak resident
# set in KiB (/usr/bin/time's maximum RSS: every thread, the JVM included); fails, saying
# why, if CMD fails or OUT does not hold EXPECT lines.
peak_kb() {
  local out=$1 expect=$2 rc=0
  shift 2
  rm -f "$out"
  /usr/bin/time -f '%M' -o "$out.rss" "$@" >"$out.log" 2>&1 || rc=$?
  run_ok "$out" "$expect" "$rc" "$@" || return 1
  tail -n 1 "$out.rss"
}

# ratio A B: A / B to two decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

# verdict VALUE OP GOAL: "met" or "not met" (OP is <= or >=).
verdict() {
  awk -v v="$1" -v g="$3" -v op="$2" 'BEGIN { ok = (op == "<=") ? v <= g : v >= g; print ok ? "met" : "not met" }'
}

# row FIGURE VALUE GOAL-TEXT OP GOAL: one line of the table.
row() { printf '| %-62s | %12s | %-8s | %-7s |\n' "$1" "$2" "$3" "$(verdict "$2" "$4" "$5")"; }
row_info() { printf '| %-62s | %12s | %-8s | %-7s |\n' "$1" "$2" "-" "-"; }
row_na() { printf '| %-62s | %12s | %-8s | %-7s |\n' "$1" "$2" "$3" "not met"; }
header() {
  printf '| %-62s | %12s | %-8s | %-7s |\n' figure ptfhost goal verdict
  printf '|%s|%s|%s|%s|\n' "$(printf -- '-%.0s' {1..64})" "$(printf -- '-%.0s' {1..14})" \
    "$(printf -- '-%.0s' {1..10})" "$(printf -- '-%.0s' {1..9})"
}
