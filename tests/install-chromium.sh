#!/bin/sh
# Install Debian's chromium for the browser tests of kg view's page, unless a Chromium is there
# already (on the PATH, or named by $KG_CHROMIUM). Run by the README's test command and .ci/run.
set -e
if [ -n "${KG_CHROMIUM:-}" ] || command -v chromium >/dev/null 2>&1 || command -v chromium-browser >/dev/null 2>&1; then
    exit 0
fi
if [ "$(id -u)" -ne 0 ]; then
    SUDO=sudo
fi
echo "installing Debian's chromium for kg view's browser tests" >&2
${SUDO:-} apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive ${SUDO:-} apt-get install -y -qq chromium >&2
