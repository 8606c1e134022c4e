#!/usr/bin/env bash
# Runs a command with one core kept busy beside it, as a neighbour on a shared build box or a
# laptop's other work would: a busy loop in Node at normal priority, stopped when the command
# ends. `npm run test:busy` runs the whole test suite so (issue 41).
#   bash scripts/with-busy-core.sh npm test
set -euo pipefail
node -e 'for (;;) {}' &
busy=$!
trap 'kill "$busy" 2>/dev/null || true' EXIT
"$@"
