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
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; rm -rf "$work"' EXIT

# Starts a server whose first line is "… listening on URL"; sets $url.
start() {
    mkfifo "$work/fifo"
    "$@" >"$work/fifo" &
    pids+=($!)
    read -r line <"$work/fifo"
    rm "$work/fifo"
    url=${line##* }
}
"$sim" schema >"$work/schema.graphql"
start "$sim" serve --port 0 --quiet; ours=$url
start node Benchmarks/peers/graphql-js-server.js "$work/schema.graphql" MockResponses 0; peer=$url

body() { # the listing query of docs/benchmarks.md as a JSON body
    python3 -c 'import json,sys; print(json.dumps({"query": sys.stdin.read(), "variables": {"first": 20}}), end="")' \
        <Benchmarks/peers/listing.graphql
}
body >"$work/body.json"
if cmp -s <(curl -s "$ours" -H 'Content-Type: application/json' --data-binary @"$work/body.json") \
          <(curl -s "$peer" -H 'Content-Type: application/json' --data-binary @"$work/body.json"); then
    echo "== both answer the listing query with the same bytes"
else
    echo "== WARNING: the two answers differ" >&2
fi

echo "== checkout-sim serve ($ours)"
"$sim" bench --url "$ours" --connections 1,32,64 --duration "$seconds"
echo "== graphql-js $(node -p 'require("graphql").version') on node $(node --version) ($peer)"
"$sim" bench --url "$peer" --connections 1,32,64 --duration "$seconds"

# The Storefront listing over HTTP: our /api/2026-04/graphql.json beside graphql-js over the same SDL.
start env PEER=storefront node Benchmarks/peers/graphql-js-server.js Storefront/storefront-2026-04.graphql MockResponses 0; storefront_peer=$url
storefront_ours=${ours%/graphql}/api/2026-04/graphql.json
python3 -c 'import json,sys; print(json.dumps({"query": sys.stdin.read(), "variables": {"first": 20}}), end="")' \
    <Benchmarks/peers/storefront-listing.graphql >"$work/storefront.json"
if cmp -s <(curl -s "$storefront_ours" -H 'Content-Type: application/json' --data-binary @"$work/storefront.json") \
          <(curl -s "$storefront_peer" -H 'Content-Type: application/json' --data-binary @"$work/storefront.json"); then
    echo "== both answer the Storefront listing with the same bytes"
else
    echo "== WARNING: the two Storefront answers differ" >&2
fi
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
