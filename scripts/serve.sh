#!/usr/bin/env bash
# Installs the app and runs its production build on the embedded defaults.
set -euo pipefail
cd "$(dirname "$0")/.."

bash scripts/ensure-system-deps.sh
npm install --no-audit --no-fund
npm run build

HOST=${HOST:-127.0.0.1}
PORT=${PORT:-3000}
# Who moderates listings on the embedded defaults: sign in as this address in the emulator.
export ADMIN_EMAILS=${ADMIN_EMAILS:-moderator@creatorjobs.example}
# The Firebase Auth emulator is the identity provider on the embedded defaults; emulators:exec
# starts it, points the server at it (FIREBASE_AUTH_EMULATOR_HOST) and stops it afterwards.
HOST=$HOST PORT=$PORT exec npx firebase emulators:exec --only auth --project demo-creator-jobs \
  "node dist/server.js"
