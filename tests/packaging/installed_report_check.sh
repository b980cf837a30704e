#!/usr/bin/env bash
# Checks that an installed tree writes the simulation report by itself
# (docs/packaging.md): ROOT/share/classad-engine/uplot holds the files of
# uPlot's npm package the reports read and its LICENSE, and ROOT/bin/negotiator,
# with NEGOTIATOR_CHART_LIBRARY unset, writes report.html for the bundled
# quota-preemption example inlining that library. With `mark` (a throwaway
# tree only: it changes the installed script), a comment appended to the
# installed script must be in the page, which shows the page was made from
# the installed copy and not from the source tree's.
#
# CLASSAD_CHARTS_INSTALLED=0 (the test's environment, from
# cmake/install.cmake) says the build had no chart library to install: then
# the check is skipped, saying so, except under CI (CI set), where it fails.
#
#   installed_report_check.sh ROOT EXAMPLES_DIR WORK_DIR [mark]
set -euo pipefail
root="$1" examples="$2" work="$3" mark="${4:-}"
charts="$root/share/classad-engine/uplot"

fail() { echo "FAIL: $*"; exit 1; }

if [ "${CLASSAD_CHARTS_INSTALLED:-1}" = 0 ]; then
  [ -z "${CI:-}" ] || fail "the build installs no chart library (scripts/install-deps.sh installs it)"
  echo "chart library: skipped (the build had none to install; scripts/install-deps.sh installs it)"
  exit 0
fi
mkdir -p "$work"

for f in package.json LICENSE dist/uPlot.iife.min.js dist/uPlot.min.css; do
  [ -s "$charts/$f" ] || fail "no $charts/$f"
done
grep -q 'MIT' "$charts/LICENSE" || fail "$charts/LICENSE is not uPlot's MIT licence"
banner="$(head -n 1 "$charts/dist/uPlot.iife.min.js")"
marker="/* classad-engine installed copy $$ */"
if [ "$mark" = mark ]; then printf '\n%s\n' "$marker" >>"$charts/dist/uPlot.iife.min.js"; fi

sim="$examples/simulate/quota-preemption"
env -u NEGOTIATOR_CHART_LIBRARY "$root/bin/negotiator" simulate -config "$sim/condor_config" \
  --slots "$sim/slots.ads" --workload "$sim/history.ads" --duration 8h \
  --out "$work/simulate" >"$work/simulate.log" 2>&1 || { cat "$work/simulate.log"; fail "negotiator simulate"; }
page="$work/simulate/report.html"
[ -s "$page" ] || { cat "$work/simulate.log"; fail "no report.html"; }
grep -qF "$banner" "$page" || fail "report.html does not inline uPlot ($banner)"
if [ "$mark" = mark ]; then
  grep -qF "$marker" "$page" || fail "report.html was not made from $charts"
fi
echo "installed chart library: $charts; negotiator simulate wrote report.html with it"
