#!/usr/bin/env bash
# `npm test`: every check, in the order a failure is cheapest to find — types, lint, unit tests,
# browser tests. The browser tests' build (vite, one core) runs while the type checker (tsc, one
# core) and the linter do, so the 2-core CI machine is busy on both; Playwright then serves that
# build instead of building again (E2E_PREBUILT, playwright.config.ts). A failed build fails the
# run with the build's own output.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

PORT="${E2E_PORT:-4173}"
OUT="dist-e2e-${PORT}"
LOG="$(mktemp)"
rm -rf "$OUT"
ERDL_E2E=1 npx vite build --logLevel warn --outDir "$OUT" >"$LOG" 2>&1 &
BUILD=$!
trap 'kill "$BUILD" 2>/dev/null || true; rm -f "$LOG"' EXIT

npm run typecheck
npm run lint
if ! wait "$BUILD"; then
  cat "$LOG" >&2
  echo "test: the browser tests' build failed (output above)" >&2
  exit 1
fi
# tests/gorules-differential.test.ts runs the GoRules corpus against @gorules/zen-engine, a bench
# dependency: installed from the npm registry into bench/node_modules once (a no-op when installed).
sh scripts/bench-deps.sh
npm run test:unit
E2E_PREBUILT=1 npm run test:e2e
