#!/usr/bin/env bash
# Installs what the tests need and runs every test: lint, formatting, types, unit and
# component tests, the production build, and the browser tests in Chromium against it.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh chromium postgresql
npm install --no-audit --no-fund

rm -rf reports data/e2e
mkdir -p reports

echo "== lint"; npm run --silent lint
echo "== format"; npm run --silent format:check
echo "== types"; npm run --silent typecheck
echo "== unit and component tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=reports/unit.json
echo "== database and API tests again, on a real PostgreSQL server"
bash scripts/with-postgres.sh npx vitest run tests/db tests/api \
  --reporter=default --reporter=json --outputFile.json=reports/postgres.json
echo "== build"; npm run --silent build
echo "== browser tests"
PLAYWRIGHT_JSON_OUTPUT_NAME=reports/e2e.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs reports/unit.json reports/postgres.json reports/e2e.json
