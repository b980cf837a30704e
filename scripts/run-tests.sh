#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs the whole suite,
# then the fuzz smoke run: scripts/run-fuzz.sh builds the libFuzzer targets
# with clang (build-fuzz/), replays the saved regression inputs and runs
# every target briefly; any finding or failing regression input fails the
# run. See docs/fuzzing.md.
#
# Environment: FUZZ_SMOKE_SECONDS, seconds per fuzz target (default 20;
# 0 skips the fuzz smoke run, for a quick local check).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
# The accountant store's PostgreSQL tests need a server: with-postgres.sh
# starts a throw-away one for the ctest run (or says they will be skipped).
(cd build && TZ=UTC LC_ALL=C ../scripts/with-postgres.sh ctest --output-on-failure -j "$(nproc)")
smoke_seconds="${FUZZ_SMOKE_SECONDS:-20}"
if [ "$smoke_seconds" -gt 0 ]; then
  scripts/run-fuzz.sh "$smoke_seconds"
fi
