#!/usr/bin/env bash
# Runs a command on the Node.js version the project pins (.node-version), as the README's two
# commands do: `bash scripts/with-node.sh node dist/server.js`. package.json's `start` and
# `worker` run through it, so that `npm start` on a machine whose own node is older (Debian's is
# 18 or 20) still runs the server on the Node it was built and tested on (docs/deployment.md).
#
# The pinned Node in .node/ (scripts/use-node.sh put it there for the build) comes first. Without
# it, a Node of the same major version already on PATH is taken as it is (a `node:24` container
# image, NodeSource's package): a server starting is no time to download a runtime. Otherwise
# scripts/use-node.sh fetches the pinned one from the npm registry, as the README's commands do.
# Then the command replaces this shell, so signals reach it directly.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
version=$(tr -d ' \t\r\nv' <"$root/.node-version")
machine=$(node -v 2>/dev/null || true)
if [[ ! -x $root/.node/$version/bin/node && $machine != "v$version" && $machine == "v${version%%.*}."* ]]; then
  echo "with-node: using this machine's node $machine (the project pins $version)" >&2
else
  # shellcheck source=scripts/use-node.sh
  source "$root/scripts/use-node.sh"
fi
exec "$@"
