#!/usr/bin/env bash
# Installs the Debian packages the project needs, only those missing, and
# the simulation report's chart library from npm (third_party/charts/,
# never committed). Safe to run repeatedly; uses sudo when not root.
set -euo pipefail

PACKAGES=(
  build-essential cmake ninja-build pkg-config python3 python3-jsonschema
  antlr4 libantlr4-runtime-dev uuid-dev
  libre2-dev libgtest-dev libbenchmark-dev libsqlite3-dev libpq-dev postgresql
  clang-14 libclang-rt-14-dev
  chromium fonts-dejavu-core libxml2-utils
  pybind11-dev python3-dev python3-pytest
  # the Debian package's dependencies (dpkg-shlibdeps) and the manual pages' check
  dpkg-dev groff-base
)

# Node.js and npm, for the chart library, unless some node and npm are
# installed already (Debian's npm package conflicts with other builds).
if ! command -v npm >/dev/null 2>&1; then PACKAGES+=(nodejs npm); fi

missing=()
for p in "${PACKAGES[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$p")
  fi
done

if [ ${#missing[@]} -eq 0 ]; then
  echo "install-deps: all packages present"
else
  SUDO=""
  if [ "$(id -u)" -ne 0 ]; then SUDO="sudo"; fi
  echo "install-deps: installing ${missing[*]}"
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq "${missing[@]}"
fi

# The chart library, at the version package-lock.json names.
CHARTS="$(dirname "$0")/../third_party/charts"
if [ ! -f "$CHARTS/node_modules/uplot/dist/uPlot.iife.min.js" ]; then
  echo "install-deps: installing the chart library (npm ci in third_party/charts)"
  (cd "$CHARTS" && npm ci --no-audit --no-fund --loglevel=error)
fi
