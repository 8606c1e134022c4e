#!/usr/bin/env bash
# Installs the app and runs its production build on the embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npm install --no-audit --no-fund
npm run build

HOST=${HOST:-127.0.0.1}
PORT=${PORT:-3000}
HOST=$HOST PORT=$PORT exec npx tsx scripts/server.ts
