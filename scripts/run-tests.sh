#!/usr/bin/env bash
# The test command: installs what is missing, builds, runs the whole suite.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
cd build
TZ=UTC LC_ALL=C ctest --output-on-failure -j "$(nproc)"
