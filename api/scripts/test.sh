#!/usr/bin/env bash
# The API's test command: the whole suite on SQLite and the same suite on a throwaway PostgreSQL, both
# at once (each test builds its own app on its own database and free ports, so the two runs share
# nothing), then each run's output in turn. Fails when either run failed.
set -euo pipefail
cd "$(dirname "$0")/.."

logs=$(mktemp -d "${TMPDIR:-/tmp}/reelmint-api-tests-XXXXXX")
trap 'rm -rf "$logs"' EXIT

env -u DATABASE_URL npx vitest run "$@" >"$logs/sqlite.log" 2>&1 &
sqlite=$!
bash scripts/with-postgres.sh npx vitest run "$@" >"$logs/postgres.log" 2>&1 &
postgres=$!

status=0
echo "== API tests on SQLite =="
wait "$sqlite" || status=1
cat "$logs/sqlite.log"
echo "== API tests on PostgreSQL =="
wait "$postgres" || status=1
cat "$logs/postgres.log"
exit "$status"
