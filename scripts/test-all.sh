#!/usr/bin/env bash
# The whole test gate, runnable on a fresh machine: installs what it needs, then lint, type check,
# unit tests (every workspace; the API's on SQLite and PostgreSQL), builds, and e2e in Chromium.
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

step "Lint (ESLint: code, hooks, accessibility, import boundaries, no untranslated text)"
npm run lint

step "Type check"
npm run typecheck

step "Unit tests"
npm run test:unit

step "Build"
npm run build

step "End-to-end (Chromium, every app on its own origin)"
npm run test:e2e
