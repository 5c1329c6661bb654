#!/usr/bin/env bash
# The API's test command: the whole suite on SQLite, then the same suite on a throwaway PostgreSQL.
set -euo pipefail
cd "$(dirname "$0")/.."

echo "== API tests on SQLite =="
env -u DATABASE_URL npx vitest run "$@"

echo "== API tests on PostgreSQL =="
bash scripts/with-postgres.sh npx vitest run "$@"
