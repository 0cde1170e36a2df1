#!/usr/bin/env bash
# Starts a throwaway PostgreSQL cluster for the tests (trust auth, 127.0.0.1 only, in a temporary
# directory) and prints its connection URL on stdout; `stop DIR` stops it and removes the directory.
#   url=$(scripts/throwaway-postgres.sh start /tmp/dse-pg)   ...   scripts/throwaway-postgres.sh stop /tmp/dse-pg
set -euo pipefail
action=${1:?start or stop}
dir=${2:?a directory}
bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
if [ -z "$bin" ]; then
  echo "throwaway-postgres: no PostgreSQL server found under /usr/lib/postgresql" >&2
  exit 1
fi
# PostgreSQL refuses to run as root: as root, the cluster belongs to the postgres user
as_owner() {
  if [ "$(id -u)" = 0 ]; then runuser -u postgres -- "$@"; else "$@"; fi
}
case "$action" in
  start)
    rm -rf "$dir"
    mkdir -p "$dir"
    if [ "$(id -u)" = 0 ]; then chown postgres "$dir"; fi
    as_owner "$bin/initdb" -D "$dir/data" -A trust -U postgres -E UTF8 --locale=C.UTF-8 >"$dir/initdb.log" 2>&1
    port=$(node -e 'const s=require("net").createServer();s.listen(0,"127.0.0.1",()=>{console.log(s.address().port);s.close()})')
    as_owner "$bin/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
      -o "-p $port -k $dir -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off" \
      start >/dev/null
    echo "postgresql://postgres@127.0.0.1:$port/postgres"
    ;;
  stop)
    if [ -d "$dir/data" ]; then as_owner "$bin/pg_ctl" -D "$dir/data" -m fast -w stop >/dev/null 2>&1 || true; fi
    rm -rf "$dir"
    ;;
  *)
    echo "throwaway-postgres: start or stop" >&2
    exit 2
    ;;
esac
