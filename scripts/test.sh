#!/usr/bin/env bash
# Installs what the tests need and runs every test: lint, formatting, types, the production
# build, unit, component, database, API and server tests, and the browser tests in Chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh chromium postgresql java
npm install --no-audit --no-fund

rm -rf reports data/e2e
mkdir -p reports

echo "== lint"; npm run --silent lint
echo "== format"; npm run --silent format:check
echo "== types"; npm run --silent typecheck
# One production build serves the server tests (tests/server start it) and the browser tests.
echo "== build"; npm run --silent build
echo "== unit, component, database, API and server tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json
echo "== database, API, queue, alerts and attack-campaign tests again, and two instances, on a real PostgreSQL server"
bash scripts/with-postgres.sh npx vitest run tests/db tests/api tests/queue tests/alerts \
  tests/server/campaign.test.ts tests/server/instances.test.ts \
  --reporter=default --reporter=json --outputFile.json=reports/postgres.json
echo "== browser tests"
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs reports/unit.json reports/postgres.json reports/e2e.json
