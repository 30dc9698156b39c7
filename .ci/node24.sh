#!/usr/bin/env bash
# Node 24 LTS, the supported runtime, whatever node the machine has. It comes from the registry's `node`
# package, installed into .ci/node24/ and called by its path (or put first on PATH by .ci/run for
# `npm test`), so it never shadows the machine's node in a developer's npm scripts. Child processes the
# tests start (the API, the workers) use process.execPath, so they run on Node 24 too.
#   bash .ci/node24.sh --bin     installs it if missing and prints the folder holding its `node`
#   bash .ci/node24.sh [args]    the unit and integration suites on it (`npm run test:node24`)
set -euo pipefail
cd "$(dirname "$0")/.."

node24=.ci/node24/node_modules/.bin/node
if [ ! -x "$node24" ]; then
  npm ci --prefix .ci/node24 --no-audit --no-fund >&2
fi
if [ "${1:-}" = "--bin" ]; then
  echo "$(pwd)/.ci/node24/node_modules/.bin"
  exit 0
fi
echo "Running the unit and integration suites on $("$node24" --version)"
"$node24" node_modules/vitest/vitest.mjs run --project unit --project int "$@"
