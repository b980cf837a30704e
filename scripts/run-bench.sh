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
build/match_bench "$MATCH_POOL" 20000
# The same with the heap on transparent huge pages (glibc 2.35+; needs THP
# "madvise" or "always"): the 20,000 slot ads span ~75 MB, one 4 KiB page per
# ad or so, and TLB misses are part of what the pass waits for.
echo "with GLIBC_TUNABLES=glibc.malloc.hugetlb=1:"
GLIBC_TUNABLES=glibc.malloc.hugetlb=1 build/match_bench "$MATCH_POOL" 20000
build/ingest_bench "$POOL/slots.ads" 3
build/ingest_bench "$POOL/jobs.ads" 3
