#!/usr/bin/env bash
# Runs a command with a throwaway PostgreSQL server: TEST_DATABASE_URL points at it, and the
# server and its files are gone afterwards. Usage: scripts/with-postgres.sh COMMAND [ARGS...]
set -euo pipefail

bin=$(dirname "$(ls /usr/lib/postgresql/*/bin/pg_ctl | sort -V | tail -n 1)")
port=${TEST_PG_PORT:-54329}
dir=$(mktemp -d /tmp/creator-jobs-pg.XXXXXX)
chmod 755 "$dir"
as_postgres=()
[ "$(id -u)" -eq 0 ] && { chown postgres "$dir"; as_postgres=(runuser -u postgres --); }

stop() {
  "${as_postgres[@]}" "$bin/pg_ctl" -D "$dir/data" -m immediate stop >/dev/null 2>&1 || true
  rm -rf "$dir"
}
trap stop EXIT

"${as_postgres[@]}" "$bin/initdb" -D "$dir/data" -U postgres -A trust >/dev/null
"${as_postgres[@]}" "$bin/pg_ctl" -D "$dir/data" -l "$dir/log" -w \
  -o "-p $port -c listen_addresses=127.0.0.1 -k $dir -c fsync=off -c full_page_writes=off" start >/dev/null
"${as_postgres[@]}" "$bin/psql" -h 127.0.0.1 -p "$port" -U postgres -qc "create database creator_jobs_test" >/dev/null

export TEST_DATABASE_URL="postgres://postgres@127.0.0.1:$port/creator_jobs_test"
echo "PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on port $port"
"$@"
