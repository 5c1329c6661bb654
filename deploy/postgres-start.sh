#!/bin/sh
# The PostgreSQL image's start (deploy/postgres.Dockerfile): the data folder on the first start, then the server.
set -eu
if [ ! -s "$PGDATA/PG_VERSION" ]; then
  : "${POSTGRES_PASSWORD:?POSTGRES_PASSWORD must be set on the first start}"
  printf '%s\n' "$POSTGRES_PASSWORD" > /tmp/pwfile
  initdb -D "$PGDATA" -U postgres -E UTF8 --auth-local=peer --auth-host=scram-sha-256 --pwfile=/tmp/pwfile >/dev/null
  rm -f /tmp/pwfile
  echo 'host all all all scram-sha-256' >> "$PGDATA/pg_hba.conf"
  echo 'CREATE DATABASE reelmint' | postgres --single -D "$PGDATA" postgres >/dev/null
fi
exec postgres -D "$PGDATA" -c listen_addresses='*' -c max_connections=200
