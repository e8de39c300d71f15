#!/usr/bin/env bash
# Runs ../shared/contract/check.ts against a live server, on the embedded defaults and on
# Postgres + Redis, rate-limit checks included. Every check must pass.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKER=../shared/contract/check.ts
BUN=node_modules/.bin/bun

if [ ! -f "$CHECKER" ]; then
  echo "conformance checker not found at $CHECKER; skipped" >&2
  exit 0
fi

run_check() {
  local label=$1 port=$2; shift 2
  local dir; dir=$(mktemp -d)
  env "$@" PORT="$port" HOST=127.0.0.1 DATA_DIR="$dir/var" LOG_LEVEL=warn "$BUN" src/main.ts serve >"$dir/server.log" 2>&1 &
  local pid=$!
  for _ in $(seq 1 60); do
    curl -sf "http://127.0.0.1:$port/health/ready" >/dev/null && break
    sleep 0.5
  done
  local status=0
  "$BUN" "$CHECKER" --base-url "http://127.0.0.1:$port" --openapi --rate-limits >"$dir/check.out" 2>&1 || status=$?
  kill "$pid"; wait "$pid" 2>/dev/null || true
  local summary; summary=$(tail -n 1 "$dir/check.out")
  echo "-- conformance on $label: ${summary/ passed, / checks pass, }"
  if [ "$status" -ne 0 ] || ! grep -q ' passed, 0 failed' "$dir/check.out"; then
    grep '^FAIL' "$dir/check.out" || tail -n 5 "$dir/check.out"
    tail -n 20 "$dir/server.log"
    exit 1
  fi
  rm -rf "$dir"
}

run_check "embedded defaults" 18401
db="md_contract_$$"
psql -h 127.0.0.1 -U postgres -qc "create database $db" >/dev/null
trap 'psql -h 127.0.0.1 -U postgres -qc "drop database if exists $db with (force)" >/dev/null' EXIT
run_check "postgres + redis" 18402 DATABASE_URL="postgres://postgres@127.0.0.1:5432/$db" \
  REDIS_URL=redis://127.0.0.1:6379 REDIS_KEY_PREFIX="md-contract-$$:"
