#!/usr/bin/env bash
# Installs Debian's Chromium for the browser tests, unless one is already there.
# Playwright drives it through executable_path: browser downloads are impossible here.
set -euo pipefail
if command -v chromium >/dev/null 2>&1 || [ -x /usr/bin/chromium ]; then
  exit 0
fi
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
echo "Installing Chromium (Debian package) for the browser tests..."
$SUDO apt-get update -q
DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q chromium fonts-dejavu-core
