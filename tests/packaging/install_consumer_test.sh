#!/usr/bin/env bash
# Installs the built tree into a temporary prefix (cmake --install) and
# builds tests/packaging/consumer against it twice, with
# find_package(classad_engine CONFIG) and with pkg-config, then runs both.
# Also checks that the installed headers include nothing that is not
# installed beside them or a system header (never the ANTLR-generated
# parser's headers nor the ANTLR runtime's). Then the installed negotiator
# writes the simulation report with the installed chart library
# (installed_report_check.sh).
#
#   install_consumer_test.sh BUILD_DIR SOURCE_DIR VERSION
set -euo pipefail
build="$1" source="$2" version="$3"
tmp="$(mktemp -d /tmp/classad_install_test.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT
prefix="$tmp/prefix"

cmake --install "$build" --prefix "$prefix" --strip >/dev/null

# --- the installed headers are self-contained -----------------------------------
inc="$prefix/include/classad_engine"
test -f "$inc/classad/version.h" || { echo "FAIL: classad/version.h not installed"; exit 1; }
bad=0
while IFS= read -r -d '' header; do
  while IFS= read -r included; do
    case "$included" in
      ClassAd*Lexer.h|ClassAd*Parser.h|ClassAd*Visitor.h|antlr4-runtime.h|antlr4*/*)
        echo "FAIL: ${header#"$inc"/} includes ANTLR's $included"; bad=1 ;;
    esac
    case "$included" in
      classad/*|policy/*|negotiator/*)
        [ -f "$inc/$included" ] || { echo "FAIL: ${header#"$inc"/} includes $included, not installed"; bad=1; } ;;
      *.h) [ -f "/usr/include/$included" ] ||
           { echo "FAIL: ${header#"$inc"/} includes \"$included\", neither installed nor a system header"; bad=1; } ;;
    esac
  done < <(sed -n -E 's/^[[:space:]]*#[[:space:]]*include[[:space:]]*["<]([^">]+)[">].*/\1/p' "$header")
done < <(find "$inc" -name '*.h' -print0)
[ "$bad" -eq 0 ]

expect_output() {  # the consumer's lines, which must be these
  local out="$1"
  local want
  want="version $version
requirements true
config B = 2 * 3
store schema"
  case "$out" in
    "$want"*) ;;
    *) echo "FAIL: consumer printed:"; echo "$out"; exit 1 ;;
  esac
}

# --- find_package(classad_engine CONFIG) ----------------------------------------
cmake -S "$source/tests/packaging/consumer" -B "$tmp/cmake-build" -G Ninja \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" -DENGINE_VERSION="$version" >/dev/null
cmake --build "$tmp/cmake-build" >/dev/null
expect_output "$("$tmp/cmake-build/consumer" "$tmp/cmake.db")"
echo "find_package(classad_engine CONFIG): built and ran"

# A version the installed package does not satisfy is refused.
if cmake -S "$source/tests/packaging/consumer" -B "$tmp/cmake-build-too-new" -G Ninja \
     -DCMAKE_PREFIX_PATH="$prefix" -DENGINE_VERSION=999.0 >/dev/null 2>&1; then
  echo "FAIL: find_package(classad_engine 999.0) succeeded"; exit 1
fi

# --- pkg-config -----------------------------------------------------------------
export PKG_CONFIG_PATH="$prefix/lib/pkgconfig"
[ "$(pkg-config --modversion classad_engine)" = "$version" ]
# shellcheck disable=SC2046  # the flags are words
g++ -std=c++20 -O1 -o "$tmp/pc-consumer" "$source/tests/packaging/consumer/consumer.cc" \
  $(pkg-config --static --cflags --libs classad_engine)
expect_output "$("$tmp/pc-consumer" "$tmp/pc.db")"
echo "pkg-config --static classad_engine: built and ran"

# --- the installed negotiator's report ------------------------------------------
bash "$source/tests/packaging/installed_report_check.sh" "$prefix" "$source/examples" \
  "$tmp/report" mark
