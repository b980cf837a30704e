#!/usr/bin/env bash
# Builds the Debian packages from the built tree (cpack -G DEB, see
# cmake/packaging.cmake) into a temporary folder and checks them: their
# control fields and contents (dpkg-deb), then, unpacked with dpkg -x, a
# tool runs, the Python module imports and the negotiator writes its
# simulation report with the packaged chart library (installed_report_check.sh)
# from the unpacked tree. Then the
# real install, dpkg -i and dpkg -r: under CI (CI set; a fresh machine, root
# or sudo) always, failing when it cannot; elsewhere only with
# CLASSAD_TEST_DPKG_INSTALL=1 (it changes the machine's /usr), else a
# dpkg --no-act dependency check stands in for it.
#
#   deb_package_test.sh BUILD_DIR VERSION EXAMPLES_DIR
set -euo pipefail
build="$1" version="$2" examples="$3"
report_check="$(dirname "$0")/installed_report_check.sh"
tmp="$(mktemp -d /tmp/classad_deb_test.XXXXXX)"
trap 'rm -rf "$tmp"' EXIT

fail() { echo "FAIL: $*"; exit 1; }

(cd "$build" && cpack -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1) ||
  { cat "$tmp/cpack.log"; fail "cpack"; }
arch="$(dpkg --print-architecture)"
runtime="$tmp/out/classad-engine_${version}_${arch}.deb"
dev="$tmp/out/classad-engine-dev_${version}_${arch}.deb"
[ -f "$runtime" ] && [ -f "$dev" ] || { ls "$tmp/out"; fail "packages not named as expected"; }

# --- control fields ------------------------------------------------------------
field() { dpkg-deb --field "$1" "$2"; }
[ "$(field "$runtime" Package)" = classad-engine ] || fail "runtime package name"
[ "$(field "$runtime" Version)" = "$version" ] || fail "runtime version"
depends="$(field "$runtime" Depends)"
for dep in libc6 libstdc++6 libre2- libsqlite3- libpq5 libantlr4-runtime python3; do
  case "$depends" in *"$dep"*) ;; *) fail "runtime Depends lacks $dep: $depends" ;; esac
done
dev_depends="$(field "$dev" Depends)"
for dep in libantlr4-runtime-dev libre2-dev libsqlite3-dev libpq-dev pkg-config; do
  case "$dev_depends" in *"$dep"*) ;; *) fail "dev Depends lacks $dep: $dev_depends" ;; esac
done
for deb in "$runtime" "$dev"; do  # a synopsis, then an indented long description
  dpkg-deb --field "$deb" Description | sed -n 1p | grep -q '^[^ ]' || fail "$deb: no synopsis"
  dpkg-deb --field "$deb" Description | sed -n 2p | grep -q '^ [^ ]' || fail "$deb: no description"
done
dpkg-deb --info "$runtime" >/dev/null

# --- contents --------------------------------------------------------------------
dpkg-deb --contents "$runtime" | awk '{print $6}' >"$tmp/runtime.txt"
dpkg-deb --contents "$dev" | awk '{print $6}' >"$tmp/dev.txt"
for tool in classad_eval policy_config policy_lint policy_explain userprio negotiator; do
  grep -qx "./usr/bin/$tool" "$tmp/runtime.txt" || fail "no /usr/bin/$tool"
  grep -qx "./usr/share/man/man1/$tool.1.gz" "$tmp/runtime.txt" || fail "no $tool(1)"
done
py=./usr/lib/python3/dist-packages/classad_engine
grep -qx "$py/__init__.py" "$tmp/runtime.txt" || fail "no Python package"
grep -q "^$py/_core\..*so$" "$tmp/runtime.txt" || fail "no Python extension"
for f in ./usr/include/classad_engine/classad/parser.h ./usr/include/classad_engine/classad/version.h \
         ./usr/include/classad_engine/policy/config.h ./usr/lib/libclassad.a ./usr/lib/libpolicy.a \
         ./usr/lib/libnegotiator.a ./usr/lib/libclassad_grammar.a \
         ./usr/lib/cmake/classad_engine/classad_engineConfig.cmake \
         ./usr/lib/cmake/classad_engine/classad_engineConfigVersion.cmake \
         ./usr/lib/pkgconfig/classad_engine.pc; do
  grep -qx "$f" "$tmp/dev.txt" || fail "classad-engine-dev has no $f"
done
if grep -q '^./usr/include' "$tmp/runtime.txt"; then fail "headers in the runtime package"; fi

# --- unpacked: a tool runs, the module imports ------------------------------------
dpkg -x "$runtime" "$tmp/root"
[ "$("$tmp/root/usr/bin/classad_eval" -version)" = "classad_eval (classad_engine) $version" ] ||
  fail "classad_eval -version"
[ "$("$tmp/root/usr/bin/classad_eval" -quiet '1 + 2 * 3')" = "7" ] || fail "classad_eval evaluates"
# Debian's interpreter, the one the package depends on.
PYTHONPATH="$tmp/root/usr/lib/python3/dist-packages" PYTHONDONTWRITEBYTECODE=1 \
  /usr/bin/python3 - "$tmp/root" "$version" <<'PY'
import sys
import classad_engine
root, version = sys.argv[1], sys.argv[2]
assert classad_engine.__file__.startswith(root), classad_engine.__file__
assert classad_engine.__version__ == version, classad_engine.__version__
ad = classad_engine.ClassAd("[ a = 2; b = a * 21 ]")
assert ad.eval("b") == 42, ad.eval("b")
PY
bash "$report_check" "$tmp/root/usr" "$examples" "$tmp/report-unpacked" mark
echo "unpacked: classad_eval runs, classad_engine imports, negotiator writes its report"

# --- installed for real -------------------------------------------------------------
if [ -n "${CI:-}" ] || [ "${CLASSAD_TEST_DPKG_INSTALL:-}" = 1 ]; then
  sudo=""
  if [ "$(id -u)" -ne 0 ]; then sudo="sudo -n"; fi
  if dpkg-query -W classad-engine >/dev/null 2>&1; then
    fail "classad-engine is installed already: not replacing it"
  fi
  trap '$sudo dpkg -r classad-engine-dev classad-engine >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
  $sudo dpkg -i "$runtime" "$dev" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; fail "dpkg -i"; }
  [ "$(/usr/bin/policy_lint --version)" = "policy_lint (classad_engine) $version" ] ||
    fail "installed policy_lint"
  # (A minimal image may exclude /usr/share/man from dpkg: then no page to find.)
  if [ -f /usr/share/man/man1/policy_lint.1.gz ] && command -v man >/dev/null; then
    man -w policy_lint >/dev/null || fail "man policy_lint"
  fi
  (cd / && env -u PYTHONPATH /usr/bin/python3 -c 'import classad_engine; print(classad_engine.__file__)') |
    grep -q '^/usr/lib/python3/dist-packages/' || fail "installed module"
  bash "$report_check" /usr "$examples" "$tmp/report-installed"
  $sudo dpkg -r classad-engine-dev classad-engine >/dev/null
  echo "dpkg -i, tools, man page, module and report, dpkg -r: fine"
else
  dpkg --no-act -i "$runtime" "$dev" >"$tmp/dpkg.log" 2>&1 || { cat "$tmp/dpkg.log"; fail "dpkg --no-act -i"; }
  echo "dpkg -i skipped (set CLASSAD_TEST_DPKG_INSTALL=1, or CI, to install for real); dependencies satisfied"
fi
