#!/usr/bin/env bash
# Builds into folders of its own and runs Playwright against them, so several people (or
# terminals) can run end-to-end tests in one checkout at once without overwriting each other's
# build.   Usage: scripts/e2e-isolated.sh NAME [playwright arguments…]
set -euo pipefail
name="${1:?usage: scripts/e2e-isolated.sh NAME [playwright args]}"
shift
root="$(cd "$(dirname "$0")/.." && pwd)"
export WEB_OUT_DIR="$(mktemp -d -t "web-$name-XXXX")"
export WEB_DIST_DIR="$WEB_OUT_DIR"
export API_OUT_DIR="dist-$name"
export API_SERVER_FILE="$root/apps/api/dist-$name/server.js"
(cd "$root/apps/web" && npx vite build --logLevel warn && node scripts/prerender.mjs && node scripts/precompress.mjs)
(cd "$root/apps/api" && node build.mjs)
cd "$root"
status=0
npx playwright test -c e2e/playwright.config.ts --output "$(mktemp -d -t "pw-$name-XXXX")" "$@" || status=$?
rm -rf "$WEB_OUT_DIR"
exit $status
