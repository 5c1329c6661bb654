#!/usr/bin/env bash
# The whole test gate, runnable on a fresh machine: installs what it needs, then lint, type check,
# unit tests (every workspace; the API's on SQLite and PostgreSQL, and on Node 24 as well as 20), builds, and e2e in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n=== %s (%s) ===\n' "$*" "$(date -u +%T)"; }

as_root() { if [ "$(id -u)" = 0 ]; then "$@"; else sudo "$@"; fi; }

step "Dependencies"
node scripts/ensure-deps.mjs

if ! command -v chromium >/dev/null 2>&1 && [ ! -x /usr/bin/chromium ]; then
  step "Installing Chromium (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null
fi

# The tests' browser: Chromium's headless shell (the same engine without the windowed browser around it) draws the
# suite's pages for about half the CPU of the full browser. The e2e browsers and every release smoke check (the
# scripts' tests and the e2e specs run the release CLI) use it through CHROMIUM_PATH.
if [ ! -x /usr/lib/chromium/chromium-headless-shell ]; then
  step "Installing Chromium's headless shell (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium-headless-shell >/dev/null
fi
export CHROMIUM_PATH="${CHROMIUM_PATH:-/usr/lib/chromium/chromium-headless-shell}"

if [ -d api ] && ! command -v initdb >/dev/null 2>&1 && ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1; then
  step "Installing PostgreSQL (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
fi

if [ -d api ] && ! command -v redis-server >/dev/null 2>&1; then
  step "Installing Redis (apt)"
  as_root apt-get update -qq
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null
fi

# Runs NAME COMMAND pairs at the same time, each with its own log, then prints every log in order with
# its result and the time it ended; fails when any of them failed. The machine has two cores and the
# steps below wait on disk, network and child processes often enough to share them.
together() {
  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/reelmint-gate-XXXXXX")
  local -a names=() pids=()
  while [ "$#" -gt 0 ]; do
    local index=${#names[@]}
    names+=("$1")
    (
      set +e
      bash -c "$2" >"$dir/$index.log" 2>&1
      status=$?
      date -u +%T >"$dir/$index.end"
      exit "$status"
    ) &
    pids+=("$!")
    shift 2
  done
  local failed=0 index result
  local -a failures=()
  for index in "${!pids[@]}"; do
    if wait "${pids[$index]}"; then result=passed; else result=FAILED; failed=1; failures+=("$index"); fi
    printf '\n--- %s: %s (ended %s) ---\n' "${names[$index]}" "$result" "$(cat "$dir/$index.end")"
    cat "$dir/$index.log"
  done
  # A CI report often keeps only the end of the output: repeat the end of each failed step's log last, so
  # the reason is there whichever step it was.
  for index in "${failures[@]}"; do
    printf '\n--- %s FAILED; the end of its log again: ---\n' "${names[$index]}"
    tail -n 120 "$dir/$index.log"
  done
  rm -rf "$dir"
  return "$failed"
}

# The cluster and production run on Node 24 LTS: scripts/node24.mjs installs it under .run/node24 with its build of
# better-sqlite3 (seconds once the machine has compiled that once), and the API's suite runs on it as well as on 20.
step "Node 24 LTS, for the API's suite on it"
node scripts/node24.mjs >/dev/null

step "Lint (ESLint: code, hooks, accessibility, import boundaries, no untranslated text), type check and build, together"
together \
  lint 'npm run lint' \
  typecheck 'npm run typecheck' \
  build 'npm run build'

step "Size budgets: every app's entry and screen chunks against budgets.json"
npm run budgets

# The pointer's database store is tested on SQLite with the scripts' suite, and on PostgreSQL beside it, in a
# throwaway cluster of its own (a few seconds, well inside the API's run).
# The apps' suites are one vitest run (the root vitest.config.ts); the scripts' (node --test, a file at a time)
# run beside it rather than after it. The API's suite runs twice, each database on the runtime that runs it: on SQLite
# on Node 20 (npm start's), and on PostgreSQL on Node 24 LTS (the cluster's and production's); a third run cost the
# gate two minutes of its two cores. The suite mostly waits (renders, timers, the databases), so both go beside the rest.
step "Unit tests: the apps' suites and the scripts' beside the API's (SQLite on Node 20, PostgreSQL on Node 24) and the pointer's database store on PostgreSQL"
together \
  apps 'npm run test:apps' \
  scripts 'npm run test:scripts' \
  api 'env -u DATABASE_URL npm run test:sqlite -w api' \
  api-node24 'npm run test:api:node24' \
  pointer-postgres 'npm run test:release:postgres'

step "End-to-end (Chromium, every app on its own origin)"
npm run test:e2e
