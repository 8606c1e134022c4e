#!/usr/bin/env bash
# Installs the system packages the project needs on a new Debian machine, only if missing.
set -euo pipefail

need_node() {
  local major
  major=$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)
  if [ "$major" -lt 24 ]; then
    echo "Node.js 24 is required (found: $(node --version 2>/dev/null || echo none));" \
      "scripts/use-node.sh brings it: source it first." >&2
    exit 1
  fi
}

apt_install() {
  if [ "$(id -u)" -ne 0 ]; then
    echo "Missing system packages: $*. Install them (sudo apt-get install -y $*) and run again." >&2
    exit 1
  fi
  echo "Installing system packages: $*"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$@" >/dev/null
}

need_node
for wanted in "$@"; do
  case "$wanted" in
    chromium)
      [ -x "${CHROMIUM_PATH:-/usr/bin/chromium}" ] || apt_install chromium fonts-liberation
      ;;
    postgresql)
      ls /usr/lib/postgresql/*/bin/pg_ctl >/dev/null 2>&1 || apt_install postgresql
      ;;
    poppler)
      # pdftotext reads the PDFs' text back as a reader copies it (tests/support/pdftotext.ts).
      command -v pdftotext >/dev/null 2>&1 || apt_install poppler-utils
      ;;
    java)
      # The Nu Html Checker (vnu-jar) that tests/server/html-check.test.ts runs is a Java program.
      command -v java >/dev/null 2>&1 || apt_install default-jre-headless
      ;;
    *)
      echo "ensure-system-deps: unknown dependency '$wanted'" >&2
      exit 2
      ;;
  esac
done
