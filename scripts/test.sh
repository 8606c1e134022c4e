#!/usr/bin/env bash
# Installs what the tests need and runs every test: lint, formatting, types, unit and
# component tests, the production build, and the browser tests in Chromium against it.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh chromium
npm install --no-audit --no-fund

rm -rf test-results
mkdir -p test-results

echo "== lint"; npm run --silent lint
echo "== format"; npm run --silent format:check
echo "== types"; npm run --silent typecheck
echo "== unit and component tests"
npx vitest run --reporter=default --reporter=json --outputFile.json=test-results/unit.json
echo "== build"; npm run --silent build
echo "== browser tests"
PLAYWRIGHT_JSON_OUTPUT_NAME=test-results/e2e.json npx playwright test --reporter=list,json

node scripts/test-summary.mjs test-results/unit.json test-results/e2e.json
