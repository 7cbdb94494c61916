#!/usr/bin/env bash
# Screenshots of the playground for people to look at (light and dark, response and schema
# browser): starts `checkout-sim serve --port 0`, points headless Chromium at it, stops it.
# Usage: Scripts/playground-screenshots.sh [OUTPUT-FOLDER]   (default build/screenshots)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-build/screenshots}
mkdir -p "$out"
browser=${CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
[ -n "$browser" ] || { echo "error: no Chromium found (apt-get install chromium, or set CHROMIUM)" >&2; exit 1; }

swift build --product checkout-sim >/dev/null
fifo=$(mktemp -u) && mkfifo "$fifo"
.build/debug/checkout-sim serve --port 0 --quiet >"$fifo" &
server=$!
trap 'kill $server 2>/dev/null; rm -f "$fifo"' EXIT
read -r line <"$fifo"
base=${line#checkout-sim listening on }
base=${base%/graphql}

profile=$(mktemp -d)
shoot() { # NAME QUERY-STRING [EXTRA-FLAGS…]
    local name=$1 query=$2; shift 2
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars --user-data-dir="$profile" \
        --window-size=1440,900 --virtual-time-budget=5000 "$@" --screenshot="$out/$name.png" "$base/?$query" 2>/dev/null
}
shoot response-light "run=1"
shoot response-dark "run=1" --force-dark-mode --blink-settings=preferredColorScheme=0
shoot schema-light "type=Product"
shoot schema-dark "type=Product" --force-dark-mode --blink-settings=preferredColorScheme=0
rm -rf "$profile"
echo "screenshots in $out: $(cd "$out" && ls *.png | tr '\n' ' ')"
