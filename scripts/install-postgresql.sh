#!/usr/bin/env bash
# Installs Debian's PostgreSQL server for the storage tests, unless one is already there.
# The tests start their own throwaway server from its binaries (tests/web/pg.py); none is left running.
set -euo pipefail
if compgen -G "/usr/lib/postgresql/*/bin/initdb" >/dev/null || command -v initdb >/dev/null 2>&1; then
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "Installing PostgreSQL (Debian package) for the storage tests..."
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q postgresql
