#!/usr/bin/env bash
# Installs the npm packages the lockfile names. In a fresh clone, `npm ci` from the lockfile as
# it is, taking what npm's cache already holds without asking the registry again: 3 minutes
# where `npm install` took 5 on a 2-core machine (1,697 packages). With node_modules there,
# `npm install`, which only adds what changed.
#
# Install scripts run only for the packages package.json's `allowScripts` names (npm 11): re2, a
# C++ regular-expression engine firebase-tools' hosting emulator uses when it is there, is denied:
# it compiled for 70 s of the 170 s this took on a 2-core machine, and the Auth emulator, the only
# one the project runs, never loads it (without it, that code falls back to JavaScript's RegExp).
# koffi's install script is denied too: it only checks that its prebuilt binary loads, and that binary
# comes from the registry as its optional dependency (@koromix/koffi-linux-x64).
set -euo pipefail
cd "$(dirname "$0")/.."
# The pinned Node (.node-version) for this script and everything it starts.
source scripts/use-node.sh
if [ -d node_modules ]; then
  npm install --prefer-offline --no-audit --no-fund
else
  npm ci --prefer-offline --no-audit --no-fund
fi
