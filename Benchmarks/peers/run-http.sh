#!/usr/bin/env bash
# The HTTP benchmark side by side: `checkout-sim serve` and graphql-js 16 on Node's http module
# (Debian's node-graphql), the same listing query and data, in the same run, loaded by
# `checkout-sim bench --url` and, when installed, by wrk at 32 connections.
# Usage: Benchmarks/peers/run-http.sh [SECONDS]     (apt-get install nodejs node-graphql wrk)
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-5}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
node -e 'require("graphql")' 2>/dev/null || { echo "error: graphql-js not found under NODE_PATH=$NODE_PATH (apt-get install node-graphql)" >&2; exit 1; }

swift build -c release --product checkout-sim >/dev/null
sim=.build/release/checkout-sim
source Benchmarks/peers/servers.sh
"$sim" schema >"$work/schema.graphql"
start "$sim" serve --port 0 --quiet; ours=$url
start node Benchmarks/peers/graphql-js-server.js "$work/schema.graphql" MockResponses 0; peer=$url

body() { # the listing query of docs/benchmarks.md as a JSON body
    python3 -c 'import json,sys; print(json.dumps({"query": sys.stdin.read(), "variables": {"first": 20}}), end="")' \
        <Benchmarks/peers/listing.graphql
}
# Says whether two endpoints answer the body in FILE with the same bytes.
compare() { # WHAT OURS PEER FILE
    if cmp -s <(curl -s "$2" -H 'Content-Type: application/json' --data-binary @"$4") \
              <(curl -s "$3" -H 'Content-Type: application/json' --data-binary @"$4"); then
        echo "== both answer the $1 with the same bytes"
    else
        echo "== WARNING: the two answers to the $1 differ" >&2
    fi
}
body >"$work/body.json"
compare "listing query" "$ours" "$peer" "$work/body.json"

echo "== checkout-sim serve ($ours)"
"$sim" bench --url "$ours" --connections 1,32,64 --duration "$seconds"
echo "== graphql-js $(node -p 'require("graphql").version') on node $(node --version) ($peer)"
"$sim" bench --url "$peer" --connections 1,32,64 --duration "$seconds"

# The Storefront listing over HTTP: our /api/2026-04/graphql.json beside graphql-js over the same SDL.
start env PEER=storefront node Benchmarks/peers/graphql-js-server.js Storefront/storefront-2026-04.graphql MockResponses 0; storefront_peer=$url
storefront_ours=${ours%/graphql}/api/2026-04/graphql.json
python3 -c 'import json,sys; print(json.dumps({"query": sys.stdin.read(), "variables": {"first": 20}}), end="")' \
    <Benchmarks/peers/storefront-listing.graphql >"$work/storefront.json"
compare "Storefront listing" "$storefront_ours" "$storefront_peer" "$work/storefront.json"
echo "== checkout-sim serve, Storefront ($storefront_ours)"
"$sim" bench --url "$storefront_ours" --storefront --connections 1,32 --duration "$seconds"
echo "== graphql-js, Storefront ($storefront_peer)"
"$sim" bench --url "$storefront_peer" --storefront --connections 1,32 --duration "$seconds"

if command -v wrk >/dev/null; then
    export BODY=$work/body.json
    for target in "checkout-sim $ours" "graphql-js $peer"; do
        echo "== wrk -t2 -c32 -d${seconds}s: ${target% *}"
        wrk -t2 -c32 -d"${seconds}s" --latency -s Benchmarks/peers/post.lua "${target#* }" | grep -E "Requests/sec|^ +(50|90|99)%|Non-2xx|errors"
    done
else
    echo "== wrk not installed: skipped (apt-get install wrk)"
fi
