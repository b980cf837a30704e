#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (build-fuzz/), replays the saved
# regression inputs (fuzz/regressions/<target>/), then runs every target for
# the given number of seconds and prints, per target, executions, coverage
# (cov/ft of libFuzzer's last status line), CPU time and findings.
# Exits non-zero when a target crashed, leaked, timed out, ran out of memory,
# or a saved regression input fails again.
#
#   scripts/run-fuzz.sh [seconds-per-target] [target...]
#
# Environment: FUZZ_JOBS (targets run at once, default 2), FUZZ_BUILD_DIR
# (default build-fuzz), FUZZ_CPU_SECONDS (campaign mode: stop each target
# with SIGINT once it has used that much CPU time, so that it prints its
# final stats; the seconds argument is then only a wall-clock cap),
# FUZZ_TIMEOUT (the wall-clock seconds one input may take before libFuzzer
# reports a timeout, default 10: raise it for a campaign at nice 19 on a
# machine that is also building, where an input can wait that long for a
# core). The
# corpus grows in $FUZZ_BUILD_DIR/corpus/<target> across runs; findings go to
# $FUZZ_BUILD_DIR/findings/<target>/, logs to $FUZZ_BUILD_DIR/logs/. See
# docs/fuzzing.md.
set -euo pipefail
cd "$(dirname "$0")/.."

SECONDS_PER_TARGET="${1:-30}"
shift || true
JOBS="${FUZZ_JOBS:-2}"
CPU_SECONDS="${FUZZ_CPU_SECONDS:-0}"
BUILD="${FUZZ_BUILD_DIR:-build-fuzz}"
TIMEOUT="${FUZZ_TIMEOUT:-10}"
ALL_TARGETS=(fuzz_parse_expression fuzz_evaluate fuzz_parse_ad fuzz_unparse_roundtrip
             fuzz_ad_roundtrip fuzz_ingest_fastpath fuzz_config fuzz_lint fuzz_negotiator
             fuzz_parse_fastpath fuzz_ad_file fuzz_workload fuzz_dirac_config)
if [ "$#" -gt 0 ]; then TARGETS=("$@"); else TARGETS=("${ALL_TARGETS[@]}"); fi

# The longest input worth trying, per target.
max_len() {
  case "$1" in
    fuzz_parse_ad) echo 16384 ;;
    fuzz_ad_roundtrip) echo 8192 ;;
    fuzz_evaluate) echo 2048 ;;
    fuzz_ingest_fastpath) echo 1024 ;;
    *) echo 4096 ;;
  esac
}

# The libFuzzer dictionary, per target.
dict_for() {
  case "$1" in
    fuzz_config|fuzz_lint) echo fuzz/config.dict ;;
    fuzz_dirac_config) echo fuzz/dirac_config.dict ;;
    *) echo fuzz/classad.dict ;;
  esac
}

# ---------------------------------------------------------------- build
scripts/install-deps.sh
if [ ! -f "$BUILD/CMakeCache.txt" ]; then
  cmake -S . -B "$BUILD" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DCMAKE_CXX_COMPILER=clang++-14 -DCLASSAD_BUILD_FUZZ=ON \
    -DCLASSAD_BUILD_TESTS=OFF -DCLASSAD_BUILD_BENCH=OFF >/dev/null
fi
cmake --build "$BUILD" -j 2 --target "${TARGETS[@]}"
python3 fuzz/make_corpus.py "$BUILD/seeds"

# ---------------------------------------------------------------- run
# Runs the command given, interrupting it (SIGINT) once it has used
# $CPU_SECONDS of CPU time when that is set; returns its exit status, 0 for
# libFuzzer's exit on that interrupt (72).
run_with_cpu_budget() {
  if [ "$CPU_SECONDS" -le 0 ]; then
    "$@"
    return
  fi
  "$@" &
  local pid=$! ticks_per_second used interrupted=0 rc=0
  ticks_per_second=$(getconf CLK_TCK)
  while kill -0 "$pid" 2>/dev/null; do
    used=$(awk -v hz="$ticks_per_second" '{ printf "%d", ($14 + $15) / hz }' \
           "/proc/$pid/stat" 2>/dev/null || echo 0)
    if [ "$used" -ge "$CPU_SECONDS" ]; then
      kill -INT "$pid" 2>/dev/null || true
      interrupted=1
      break
    fi
    sleep 2
  done
  wait "$pid" || rc=$?
  if [ "$interrupted" = 1 ] && [ "$rc" = 72 ]; then rc=0; fi
  return "$rc"
}

# Replays fuzz/regressions/<target>/ and fuzzes one target; writes
# $BUILD/logs/<target>.{replay,log,time,rc}.
run_target() {
  local t="$1" logs="$BUILD/logs"
  mkdir -p "$BUILD/corpus/$t" "$BUILD/findings/$t" "$logs"
  rm -f "$BUILD/findings/$t"/* "$logs/$t".*
  : >"$logs/$t.replay_failed"
  local input
  for input in fuzz/regressions/"$t"/*; do
    [ -f "$input" ] || continue
    "$BUILD/$t" -timeout="$TIMEOUT" -rss_limit_mb=2048 "$input" >>"$logs/$t.replay" 2>&1 ||
      echo "$input" >>"$logs/$t.replay_failed"
  done
  local rc=0 TIMEFORMAT='%U %S'
  { time run_with_cpu_budget "$BUILD/$t" -max_total_time="$SECONDS_PER_TARGET" \
      -timeout="$TIMEOUT" -rss_limit_mb=2048 \
      -max_len="$(max_len "$t")" -dict="$(dict_for "$t")" -print_final_stats=1 \
      -artifact_prefix="$BUILD/findings/$t/" \
      "$BUILD/corpus/$t" "$BUILD/seeds/$t" >"$logs/$t.log" 2>&1 || rc=$?; } 2>"$logs/$t.time"
  echo "$rc" >"$logs/$t.rc"
}

running=0
for t in "${TARGETS[@]}"; do
  if [ "$running" -ge "$JOBS" ]; then
    wait -n || true
    running=$((running - 1))
  fi
  if [ "$CPU_SECONDS" -gt 0 ]; then
    echo "run-fuzz: $t for ${CPU_SECONDS} CPU-seconds (at most ${SECONDS_PER_TARGET}s)"
  else
    echo "run-fuzz: $t for ${SECONDS_PER_TARGET}s"
  fi
  run_target "$t" &
  running=$((running + 1))
done
wait || true

# ---------------------------------------------------------------- report
status=0
printf '\n%-24s %12s %8s %8s %9s  %s\n' target executions cov ft cpu_s findings
for t in "${TARGETS[@]}"; do
  log="$BUILD/logs/$t.log"
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -1)
  last=$(grep -E '^#[0-9]+.*cov: ' "$log" | tail -1 || true)
  cov=$(sed -n 's/.* cov: \([0-9]*\).*/\1/p' <<<"$last")
  ft=$(sed -n 's/.* ft: \([0-9]*\).*/\1/p' <<<"$last")
  cpu=$(awk '{printf "%.0f", $1 + $2}' "$BUILD/logs/$t.time" 2>/dev/null || echo "?")
  findings=$(find "$BUILD/findings/$t" -type f \( -name 'crash-*' -o -name 'leak-*' \
             -o -name 'timeout-*' -o -name 'oom-*' \) | sort)
  rc=$(cat "$BUILD/logs/$t.rc")
  replays=$(cat "$BUILD/logs/$t.replay_failed")
  summary="none"
  if [ -n "$findings" ] || [ "$rc" != 0 ]; then
    summary="${findings:-exit status $rc, see $log}"
  fi
  if [ -n "$replays" ]; then
    [ "$summary" = none ] && summary="" || summary="$summary "
    summary="${summary}regressions failing again: $replays (see $BUILD/logs/$t.replay)"
  fi
  if [ "$summary" != none ]; then
    status=1
    summary="${summary//$'\n'/ }"
  fi
  printf '%-24s %12s %8s %8s %9s  %s\n' "$t" "${execs:-?}" "${cov:-?}" "${ft:-?}" "$cpu" \
    "$summary"
done
if [ "$status" -ne 0 ]; then
  echo "run-fuzz: FINDINGS (logs in $BUILD/logs/; reproduce with $BUILD/<target> <file>)"
fi
exit "$status"
