#!/usr/bin/env bash
# Builds the single binary, copies it alone into an empty directory, starts it with an empty
# environment (no PATH to Node or Bun, no services, a fresh HOME) and runs the spec's
# conformance checker against it.
set -euo pipefail
cd "$(dirname "$0")/.."
CHECKER=../shared/contract/check.ts
BUN=node_modules/.bin/bun
PORT=18403

npm run build
dir=$(mktemp -d)
trap 'kill "$pid" 2>/dev/null || true; rm -rf "$dir"' EXIT
cp dist/movie-discovery "$dir/"
cd "$dir"
env -i HOME="$dir" PORT=$PORT HOST=127.0.0.1 LOG_LEVEL=warn ./movie-discovery serve >server.log 2>&1 &
pid=$!
cd - >/dev/null
for _ in $(seq 1 120); do
  curl -sf "http://127.0.0.1:$PORT/health/ready" >/dev/null && break
  sleep 0.5
done
if [ ! -f "$CHECKER" ]; then echo "conformance checker not found; the binary started"; exit 0; fi
status=0
"$BUN" "$CHECKER" --base-url "http://127.0.0.1:$PORT" --openapi --rate-limits >"$dir/check.out" 2>&1 || status=$?
summary=$(tail -n 1 "$dir/check.out")
echo "-- conformance of the binary, alone in an empty directory: ${summary/ passed, / checks pass, }"
if [ "$status" -ne 0 ] || ! grep -q ' passed, 0 failed' "$dir/check.out"; then
  grep '^FAIL' "$dir/check.out" || true
  tail -n 20 "$dir/server.log"
  exit 1
fi
