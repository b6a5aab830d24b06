#!/usr/bin/env sh
# `npm run bench` and `npm test` (tests/gorules-differential.test.ts runs zen-engine): installs the
# peer rule engines of bench/package.json (zen-engine, json-rules-engine, json-logic-js) from
# bench/package-lock.json into bench/node_modules, once, and again whenever that lock file changes.
# The studio's own install (`npm ci`) never fetches them.
set -eu
cd "$(dirname "$0")/../bench"
if [ -f node_modules/.package-lock.json ] && [ node_modules/.package-lock.json -nt package-lock.json ]; then
  exit 0
fi
echo "bench: installing the peer engines of bench/package.json (npm ci --prefix bench)" >&2
npm ci --no-audit --no-fund --loglevel=error >&2
