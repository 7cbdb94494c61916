#!/usr/bin/env bash
# docs/benchmarks.md's listing query in process, side by side in one run: `checkout-sim bench --no-cache`
# (products-first-20: 20 of the bundled 60 products, 12 fields) and graphql-js 16 on the same
# schema, data and query (graphql-js-bench.js), alternating ROUNDS times so drift reaches both.
# The ratio uses the uncached figure: graphql-js parses and validates every request.
# Usage: Benchmarks/peers/run-inprocess.sh [ROUNDS] [ITERATIONS]   (apt-get install nodejs node-graphql)
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=${1:-3}
iterations=${2:-2000}
export NODE_PATH=${NODE_PATH:-/usr/share/nodejs}
node -e 'require("graphql")' 2>/dev/null || { echo "error: graphql-js not found under NODE_PATH=$NODE_PATH (apt-get install node-graphql)" >&2; exit 1; }

swift build -c release --product checkout-sim >/dev/null
sim=.build/release/checkout-sim
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$sim" schema >"$work/schema.graphql"
query=Benchmarks/peers/listing.graphql
variables='{"first":20}'
peer() { node Benchmarks/peers/graphql-js-bench.js "$work/schema.graphql" MockResponses "$query" "$variables" "$@"; }

if cmp -s <("$sim" query --compact --file "$query" --variables "$variables") <(peer print); then
    echo "== both answer the listing query with the same bytes"
else
    echo "== WARNING: the two answers differ" >&2
fi
field() { python3 -c 'import json,sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }
printf '%-6s %14s %16s %14s %10s\n' round "cached µs" "uncached µs" "graphql-js µs" "ratio"
for round in $(seq "$rounds"); do
    ours=$("$sim" bench --case products-first-20 --no-cache --json --iterations "$iterations")
    ours=${ours%%$'\n'*}
    theirs=$(peer "$iterations")
    cached=$(field median_us <<<"$ours")
    uncached=$(field uncached_median_us <<<"$ours")
    js=$(field median_us <<<"$theirs")
    printf '%-6s %14s %16s %14s %9.1f×\n' "$round" "$cached" "$uncached" "$js" "$(python3 -c "print($js / $uncached)")"
done
