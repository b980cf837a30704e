#!/usr/bin/env bash
# Runs a command with a throw-away PostgreSQL server for the accountant
# store's tests:
#   scripts/with-postgres.sh CMD [ARG...]
#
# Finds initdb and pg_ctl on PATH, else in the newest
# /usr/lib/postgresql/<version>/bin (where Debian puts them); creates a
# temporary folder, initdb's a cluster there (trust authentication, UTF8),
# starts it on 127.0.0.1 at a free port with its unix socket in the same
# folder, creates the database accountant_test, exports
#   ACCOUNTANT_TEST_POSTGRES="postgresql:host=127.0.0.1 port=<port> dbname=accountant_test user=postgres"
# and runs CMD. On exit (also on a signal) it stops the server and deletes
# the folder. The exit code is CMD's.
#
# Run as root (as CI does), the server runs as the `postgres` system user
# (PostgreSQL refuses to run as root) and the folder is chowned to it.
# Without PostgreSQL it says that the PostgreSQL tests will be skipped and
# runs CMD anyway. When ACCOUNTANT_TEST_POSTGRES is already set, CMD runs
# against that server and none is started.
set -uo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 CMD [ARG...]" >&2
  exit 2
fi

if [ -n "${ACCOUNTANT_TEST_POSTGRES:-}" ]; then
  echo "with-postgres: using ACCOUNTANT_TEST_POSTGRES from the environment" >&2
  exec "$@"
fi

# The folder holding initdb and pg_ctl, or nothing.
find_bin() {
  if command -v initdb >/dev/null 2>&1 && command -v pg_ctl >/dev/null 2>&1; then
    dirname "$(command -v initdb)"
    return
  fi
  local dir
  for dir in $(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -t/ -k4,4 -n -r); do
    if [ -x "$dir/initdb" ] && [ -x "$dir/pg_ctl" ]; then
      echo "$dir"
      return
    fi
  done
}

bin="$(find_bin)"
if [ -z "$bin" ]; then
  echo "with-postgres: PostgreSQL (initdb, pg_ctl) is not installed; the PostgreSQL tests" \
       "will be skipped" >&2
  exec "$@"
fi

# Commands run as the server's user: `postgres` when we are root.
as_server_user() {
  if [ "$(id -u)" -ne 0 ]; then
    "$@"
  elif command -v runuser >/dev/null 2>&1; then
    runuser -u postgres -- "$@"
  else
    su -s /bin/sh postgres -c "$(printf '%q ' "$@")"
  fi
}

if [ "$(id -u)" -eq 0 ]; then
  if ! id postgres >/dev/null 2>&1; then
    echo "with-postgres: running as root needs the postgres system user; the PostgreSQL" \
         "tests will be skipped" >&2
    exec "$@"
  fi
  # The server's user must reach the folder: keep it under /tmp.
  tmp="$(mktemp -d /tmp/with-postgres.XXXXXX)"
  chown postgres: "$tmp"
else
  tmp="$(mktemp -d "${TMPDIR:-/tmp}/with-postgres.XXXXXX")"
fi

started=0
cleanup() {
  if [ "$started" -eq 1 ]; then
    as_server_user "$bin/pg_ctl" -D "$tmp/data" -m fast -w stop >/dev/null 2>&1 ||
      as_server_user "$bin/pg_ctl" -D "$tmp/data" -m immediate -w stop >/dev/null 2>&1
  fi
  rm -rf "$tmp"
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

if ! as_server_user "$bin/initdb" -D "$tmp/data" -U postgres -A trust -E UTF8 --locale=C -N \
    >"$tmp/initdb.log" 2>&1; then
  echo "with-postgres: initdb failed:" >&2
  cat "$tmp/initdb.log" >&2
  exit 1
fi

# A port nobody listens on: the kernel's choice when python3 is there.
free_port() {
  if command -v python3 >/dev/null 2>&1; then
    python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
  else
    echo $((20000 + RANDOM % 30000))
  fi
}

for attempt in 1 2 3 4 5; do
  port="$(free_port)"
  if as_server_user "$bin/pg_ctl" -D "$tmp/data" -l "$tmp/server.log" -w -t 60 \
      -o "-c listen_addresses=127.0.0.1 -p $port -k $tmp -c fsync=off -c max_connections=100" \
      start >/dev/null 2>&1; then
    started=1
    break
  fi
done
if [ "$started" -ne 1 ]; then
  echo "with-postgres: the server did not start:" >&2
  cat "$tmp/server.log" >&2 2>/dev/null
  exit 1
fi

psql_bin="$bin/psql"
[ -x "$psql_bin" ] || psql_bin="psql"
if ! "$psql_bin" -X -q -h 127.0.0.1 -p "$port" -U postgres -d postgres \
    -c "CREATE DATABASE accountant_test" >"$tmp/createdb.log" 2>&1; then
  echo "with-postgres: creating the database failed:" >&2
  cat "$tmp/createdb.log" >&2
  exit 1
fi

export ACCOUNTANT_TEST_POSTGRES="postgresql:host=127.0.0.1 port=$port dbname=accountant_test user=postgres"
echo "with-postgres: PostgreSQL $("$bin/pg_ctl" --version | awk '{print $3}') at" \
     "$ACCOUNTANT_TEST_POSTGRES" >&2
"$@"
exit $?
