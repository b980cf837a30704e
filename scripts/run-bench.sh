#!/usr/bin/env bash
# Builds, generates the benchmark pool (never committed) and runs every
# benchmark. The pool is the one the reference figures were measured on.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
POOL=build/pool
if [ ! -f "$POOL/slots.ads" ]; then
  python3 ../shared/tools/pooldump/gen_pool.py --slots 10000 --jobs 100000 --submitters 200 \
    --groups 30 --seed 1 --format old --out "$POOL" -q
fi
MATCH_POOL=build/pool-match
if [ ! -f "$MATCH_POOL/slots.ads" ]; then
  python3 ../shared/tools/pooldump/gen_pool.py --slots 20000 --jobs 2000 --submitters 50 \
    --groups 10 --seed 2 --format old --out "$MATCH_POOL" -q
fi
CLASSAD_BENCH_POOL="$POOL" build/eval_bench --benchmark_repetitions=5 \
  --benchmark_report_aggregates_only=true
# The pass over the slot ads read onto the heap and read into an arena
# (AdReadOptions::use_arena: 2 MiB pages), alternating; packed first with the
# names the pool's jobs read (AttributePacker), as a negotiator prepares its
# slots, then as read.
build/match_bench "$MATCH_POOL" 20000 both packed
build/match_bench "$MATCH_POOL" 20000 both unpacked
build/ingest_bench "$POOL/slots.ads" 3
build/ingest_bench "$POOL/jobs.ads" 3
# The quota-driven PREEMPTION_REQUIREMENTS with the ephemeral attributes
# bound as overlays, against HTCondor's way (copies with them inserted).
build/policy_bench "$MATCH_POOL" 1
# classad_eval -stdin on 100,000 distinct Requirements-like lines (parse and
# evaluate each once; issue 18), three runs; ../shared/tools/anchors'
# htc_eval on the same file when it is built (ANCHORS=dir, default ../anchors).
STDIN_LINES=build/stdin-100k.txt
if [ ! -f "$STDIN_LINES" ]; then
  python3 - "$STDIN_LINES" <<'PY'
import random, sys
r = random.Random(7)
with open(sys.argv[1], "w") as f:
    for i in range(100000):
        f.write('(TARGET.Arch == "%s") && (TARGET.OpSys == "LINUX") && (TARGET.Memory >= %d) '
                '&& (TARGET.Disk >= %d) && (TARGET.HasFileTransfer) && (RequestCpus <= %d)\n'
                % (r.choice(["X86_64", "aarch64", "ppc64le", "INTEL"]), r.randint(1, 100000),
                   i * 7 + r.randint(0, 6), r.randint(1, 64)))
PY
fi
# The same with lines that recur: the first 2,000 lines, 50 times over
# (what classad/text_cache.h serves).
RECURRING_LINES=build/stdin-100k-recurring.txt
if [ ! -f "$RECURRING_LINES" ]; then
  head -n 2000 "$STDIN_LINES" > build/stdin-2k.txt
  for i in $(seq 50); do cat build/stdin-2k.txt; done > "$RECURRING_LINES"
fi
HTC_EVAL="${ANCHORS:-../anchors}/bin/htc_eval"
TIMEFORMAT='%R s'
for round in 1 2 3; do
  for lines in "$STDIN_LINES" "$RECURRING_LINES"; do
    printf 'classad_eval -stdin, %s: ' "$lines"
    { time build/classad_eval -stdin < "$lines" > /dev/null; } 2>&1
    if [ -x "$HTC_EVAL" ]; then
      printf 'htc_eval -stdin (HTCondor), %s: ' "$lines"
      { time "$HTC_EVAL" -stdin < "$lines" > /dev/null; } 2>&1
    fi
  done
done
unset TIMEFORMAT
# The accountant's per-cycle update: 100,000 submitters, 200,000 claimed slots.
build/accountant_bench 100000 200000 9
# policy_lint over 1,000 groups and about 10,000 knobs.
build/lint_bench 1000 9
# One negotiation cycle, preemption on, on issue 15's pool (20,000 slots,
# 200,000 jobs, 1,000 submitters, 50 groups), then how it grows with slots
# and jobs (NEGOTIATOR_BENCH_SCALING=0 skips the scaling pools: the 800k-job
# one is 2 GB).
gen_cycle_pool() {  # DIR SLOTS JOBS
  if [ ! -f "$1/slots.ads" ]; then
    python3 ../shared/tools/pooldump/gen_pool.py --slots "$2" --jobs "$3" --submitters 1000 \
      --groups 50 --seed 3 --format old --out "$1" -q
  fi
}
gen_cycle_pool build/pool-cycle 20000 200000
build/negotiator_bench build/pool-cycle 3 2
if [ "${NEGOTIATOR_BENCH_SCALING:-1}" != 0 ]; then
  for shape in "10000 200000" "40000 200000" "20000 50000" "20000 800000"; do
    set -- $shape
    gen_cycle_pool "build/pool-cycle-$1-$2" "$1" "$2"
    build/negotiator_bench "build/pool-cycle-$1-$2" 1 2
  done
fi
# A week of one-minute cycles (issue 25): a 10,000-slot pool, 100,000 jobs
# arriving over the week from a seeded generator, the pool's jobs only as
# their shapes.
if [ ! -f build/pool-simulate/slots.ads ]; then
  python3 ../shared/tools/pooldump/gen_pool.py --slots 10000 --jobs 20000 --submitters 100 \
    --groups 10 --seed 3 --format old --out build/pool-simulate -q
fi
build/simulate_bench build/pool-simulate 100000 7 60 1 2
# DIRAC's pilots on a pool with a long task queue (issue 26): the cost of
# a pilot's job draw as the queue grows.
build/dirac_bench 5000 40000 3
