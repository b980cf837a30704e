#!/usr/bin/env bash
# The tools' generated manual pages (cmake/man_pages.cmake): each exists
# (and gzipped), renders with groff's man macros without a single warning
# (and through man -l, when man-db is installed), and has its NAME line with
# a summary, its SYNOPSIS from the usage and the -version option.
#
#   man_pages_test.sh MAN_DIR TOOL...
set -euo pipefail
dir="$1"; shift
fail() { echo "FAIL: $*"; exit 1; }
for tool in "$@"; do
  page="$dir/$tool.1"
  [ -f "$page" ] && [ -f "$page.gz" ] || fail "$page(.gz) missing"
  warnings="$(groff -man -Tutf8 -wall -z "$page" 2>&1)"
  [ -z "$warnings" ] || fail "groff warns on $tool.1: $warnings"
  if command -v man >/dev/null; then
    warnings="$(MANWIDTH=80 man --warnings -l "$page" 2>&1 >/dev/null)"
    [ -z "$warnings" ] || fail "man warns on $tool.1: $warnings"
  fi
  text="$(groff -man -Tascii -P-cbou "$page" 2>/dev/null)"
  grep -q "^ *$tool  *-  *[a-z]" <<<"$text" || fail "$tool.1 has no NAME line with a summary"
  grep -q "^SYNOPSIS" <<<"$text" || fail "$tool.1 has no SYNOPSIS"
  grep -A1 "^SYNOPSIS" <<<"$text" | grep -q "^ *$tool " || fail "$tool.1's SYNOPSIS lacks the usage"
  grep -q -- "-version" <<<"$text" || fail "$tool.1 does not mention -version"
done
echo "$# manual pages render cleanly"
