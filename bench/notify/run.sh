#!/usr/bin/env bash
# Transactions per second that write a row, that also NOTIFY, and that do what the live outbox
# does, on the PostgreSQL DATABASE_URL names (a scratch database, dropped after), 16 clients,
# alternated three times. Decision 022: `bash bench/notify/run.sh`.
set -euo pipefail
url="${DATABASE_URL:?set DATABASE_URL to a PostgreSQL server}"
db="tery_notify_bench_$$"
psql "$url" -qc "create database $db"
target="${url%/*}/$db"
trap 'psql "$url" -qc "drop database if exists $db with (force)"' EXIT
here="$(dirname "$0")"
psql "$target" -qf "$here/setup.sql"
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
for round in 1 2 3; do
  for script in plain notify outbox outbox-3-statements; do
    tps=$(pgbench -n -c 16 -j 2 -T 8 -f "$here/$script.sql" "$target" 2>/dev/null | awk '/^tps/ {print int($3)}')
    echo "round $round $script $tps tps"
  done
done
echo "load average: $(cut -d' ' -f1-3 /proc/loadavg)"
