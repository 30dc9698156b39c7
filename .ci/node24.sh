#!/usr/bin/env bash
# The unit and integration suites on Node 24 LTS, the supported runtime, whatever node the machine has.
# Node 24 comes from the registry's `node` package, installed into .ci/node24/ and called by its path,
# so it never shadows the machine's node in npm scripts. Child processes the tests start (the API, the
# workers) use process.execPath, so they run on Node 24 too.
set -euo pipefail
cd "$(dirname "$0")/.."

node24=.ci/node24/node_modules/.bin/node
if [ ! -x "$node24" ]; then
  npm ci --prefix .ci/node24 --no-audit --no-fund
fi
echo "Running the unit and integration suites on $("$node24" --version)"
"$node24" node_modules/vitest/vitest.mjs run --project unit --project int "$@"
