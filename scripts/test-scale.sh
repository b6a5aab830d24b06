#!/usr/bin/env bash
# `npm run test:scale` (opt-in; not part of .ci/run): `erdl eval RULES --facts -` on Dask
# distributed — a LocalCluster of 2 worker processes evaluates the partitions of 200,000
# generated facts, and the joined output must be byte for byte one `erdl eval --facts` run over the
# whole file (docs/scale.md). Arguments go to scripts/scale/dask_eval.py (e.g. -- --facts 20000).
#
# 1. Debian's python3-distributed, installed with apt-get when /usr/bin/python3 cannot import it
#    (root, or sudo; Debian's package, never pip).
# 2. The erdl command built from this checkout's sources into a temporary directory (lib/ is left
#    as it is), so the run tests the code as it is now; ERDL_CMD="…" runs another erdl instead.
# 3. The unit tests of the driver (partitioning, joining in order, on a real LocalCluster).
# 4. The run itself; exit 1 and the first differing line on any difference.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
PY=/usr/bin/python3
export PYTHONDONTWRITEBYTECODE=1 # no __pycache__ in scripts/scale

if ! "$PY" -c 'import distributed' 2>/dev/null; then
  echo "test:scale: installing Debian's python3-distributed with apt-get"
  SUDO=()
  if [ "$(id -u)" != 0 ]; then SUDO=(sudo); fi
  export DEBIAN_FRONTEND=noninteractive
  if ! "${SUDO[@]}" apt-get install -y --no-install-recommends python3-distributed; then
    "${SUDO[@]}" apt-get update
    "${SUDO[@]}" apt-get install -y --no-install-recommends python3-distributed
  fi
  "$PY" -c 'import distributed'
fi
echo "test:scale: dask.distributed $("$PY" -c 'import distributed; print(distributed.__version__)')"

WORK="$(mktemp -d "${TMPDIR:-/tmp}/erdl-test-scale.XXXXXX")"
trap 'rm -rf "$WORK"' EXIT

cd "$ROOT"
if [ -n "${ERDL_CMD:-}" ]; then
  ERDL="$ERDL_CMD" # another erdl to test, as shell words (e.g. "erdl" as installed)
else
  npx vite build --config vite.lib.config.ts --outDir "$WORK/lib" --logLevel warn
  ERDL="$(node -p 'JSON.stringify(process.execPath)') $WORK/lib/erdl.js"
fi

"$PY" -W "ignore:make_current is deprecated" -m unittest discover -s scripts/scale -p 'test_*.py'

"$PY" scripts/scale/dask_eval.py \
  --rules src/studio/examples/coding-agent-guard.erdl.yaml \
  --erdl "$ERDL" --dir "$WORK" "$@"
