#!/usr/bin/env bash
# Installs what the playground's browser tests need: Debian's Chromium and its driver
# and a CJK font (apt-get, when missing) and playwright-core from e2e/package-lock.json (npm ci).
# Playwright downloads no browser here: the tests launch /usr/bin/chromium.
set -euo pipefail
cd "$(dirname "$0")/.."

# fonts-wqy-zenhei: a CJK font, for the levels' Chinese names (a fixture's levels.txt: 横刀立马).
if ! command -v chromium >/dev/null || ! command -v chromedriver >/dev/null \
    || ! [ -e /usr/share/fonts/truetype/wqy/wqy-zenhei.ttc ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq chromium chromium-driver fonts-wqy-zenhei
fi
chromium --version
if ! command -v npm >/dev/null; then
    echo "error: the browser tests need node and npm (node 18 or newer)" >&2
    exit 1
fi
(cd e2e && PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1 npm ci --no-audit --no-fund)
