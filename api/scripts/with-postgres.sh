#!/usr/bin/env bash
# Runs a command against a throwaway PostgreSQL cluster: initdb into a temp folder, start it on a
# free local port, export DATABASE_URL, run the command, then stop the cluster and delete it.
# Works as root (CI): the server runs as an unprivileged user, since postgres refuses root.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 command [args...]" >&2
  exit 2
fi

find_bin() {
  if command -v "$1" >/dev/null 2>&1; then command -v "$1"; return; fi
  local candidate
  for candidate in /usr/lib/postgresql/*/bin/"$1"; do
    if [ -x "$candidate" ]; then echo "$candidate"; return; fi
  done
  echo "PostgreSQL's $1 was not found (install the Debian package postgresql)" >&2
  exit 1
}
INITDB=$(find_bin initdb)
PG_CTL=$(find_bin pg_ctl)

DIR=$(mktemp -d "${TMPDIR:-/tmp}/reelmint-pg-XXXXXX")
RUN_AS=()
if [ "$(id -u)" -eq 0 ]; then
  PG_USER=postgres
  id "$PG_USER" >/dev/null 2>&1 || PG_USER=nobody
  chown "$PG_USER" "$DIR"
  chmod 700 "$DIR"
  RUN_AS=(runuser -u "$PG_USER" --)
fi

cleanup() {
  "${RUN_AS[@]}" "$PG_CTL" -D "$DIR/data" -m immediate -w stop >/dev/null 2>&1 || true
  rm -rf "$DIR"
}
trap cleanup EXIT

PORT=$(node -e "const s=require('node:net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close();})")

"${RUN_AS[@]}" "$INITDB" -D "$DIR/data" -U postgres --auth=trust -E UTF8 --no-sync >"$DIR/initdb.log" 2>&1 || {
  cat "$DIR/initdb.log" >&2
  exit 1
}
# Durability settings are off: this cluster lives for one test run.
"${RUN_AS[@]}" "$PG_CTL" -D "$DIR/data" -l "$DIR/data/server.log" -w -t 60 \
  -o "-p $PORT -k $DIR -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=300" \
  start >/dev/null || {
  cat "$DIR/data/server.log" >&2
  exit 1
}

export DATABASE_URL="postgres://postgres@127.0.0.1:$PORT/postgres"
echo "$("$PG_CTL" --version) running on port $PORT (temporary cluster in $DIR)"
"$@"
