#!/usr/bin/env bash
# Installs what the tests need and runs every test: lint, formatting, types, the production
# build, unit, component, database, API and server tests, and the browser tests in Chromium.
# Each phase's time goes to reports/phases.tsv; the summary prints where the time went, also
# when a phase fails.
set -euo pipefail
cd "$(dirname "$0")/.."
# The pinned Node (.node-version) for this script and everything it starts.
source scripts/use-node.sh

mkdir -p reports
: >reports/phases.tsv
started=$(date +%s)

# phase NAME COMMAND...: runs the command as one phase of the run, timed.
phase() {
  local name=$1 start=$SECONDS status=0
  shift
  echo "== $name"
  "$@" || status=$?
  printf '%s\t%s\n' "$name" "$((SECONDS - start))" >>reports/phases.tsv
  return "$status"
}

summary() {
  local status=$?
  if [ -n "${emulator_pid:-}" ]; then kill -- "-$emulator_pid" 2>/dev/null || true; fi
  node scripts/test-summary.mjs --phases reports/phases.tsv --total "$(($(date +%s) - started))" \
    --server-log data/e2e-server.log reports/unit.json reports/postgres.json reports/e2e.json ||
    status=$((status > 0 ? status : 1))
  exit "$status"
}
trap summary EXIT

phase "system packages" bash scripts/ensure-system-deps.sh chromium postgresql java poppler
phase "npm packages" bash scripts/install-deps.sh

rm -rf reports/*.json data/e2e data/e2e-server.log

# side_by_side NAME:COMMAND...: runs single-threaded checks at once (one per core), each timed
# and its output printed whole when it ends; fails when any fails.
side_by_side() {
  local pids=() names=() logs=() failed=0 index
  for spec in "$@"; do
    local name=${spec%%:*} log
    log=$(mktemp)
    names+=("$name")
    logs+=("$log")
    (
      start=$SECONDS
      echo "== $name" >"$log"
      status=0
      bash -c "${spec#*:}" >>"$log" 2>&1 || status=$?
      printf '%s\t%s\n' "$name" "$((SECONDS - start))" >>reports/phases.tsv
      exit $status
    ) &
    pids+=($!)
  done
  for index in "${!pids[@]}"; do
    wait "${pids[$index]}" || { failed=1; echo "!! ${names[$index]} failed"; }
    cat "${logs[$index]}"
    rm -f "${logs[$index]}"
  done
  return $failed
}

# Lint and types take a core each; formatting is quick and goes with types.
side_by_side "lint:npm run --silent lint" \
  "format and types:npm run --silent format:check && npm run --silent typecheck"
# One Firebase Auth emulator serves both Vitest runs and the browser tests (their global setups
# use one that is listening): it starts while the build runs, so nobody waits for its start.
if ! node -e 'fetch("http://127.0.0.1:9199/").catch(() => process.exit(1))'; then
  setsid npx firebase emulators:start --only auth --project demo-creator-jobs \
    >reports/auth-emulator.log 2>&1 &
  emulator_pid=$!
fi
# One production build serves the server tests (tests/server start it) and the browser tests.
phase "build" npm run --silent build
phase "vitest on PGlite (unit, component, database, API, server)" \
  npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json
phase "vitest on PostgreSQL (database, API, queue, alerts, campaign, two instances)" \
  bash scripts/with-postgres.sh npx vitest run tests/db tests/api tests/queue \
  tests/server/campaign.test.ts tests/server/instances.test.ts \
  --reporter=default --reporter=json --outputFile.json=reports/postgres.json
phase "browser tests (Playwright)" env PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.json \
  npx playwright test --reporter=list,json
