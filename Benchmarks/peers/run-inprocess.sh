#!/usr/bin/env bash
# docs/benchmarks.md's two peer queries in process, side by side in one run: `checkout-sim bench --no-cache`
# and graphql-js 16 on the same schema, data and query (graphql-js-bench.js), alternating ROUNDS
# times so drift reaches both. The listing (products-first-20: 20 of the bundled products, 12
# fields) and Q1 (edges with cursors, totalCount, and the per-session isFavorite and quantityInCart).
# The ratio uses the uncached figure: graphql-js parses and validates every request. Then the
# Storefront listing (storefront-listing.graphql: 20 products with variants, image and price range)
# against graphql-js over the same Storefront SDL (graphql-js-storefront.js).
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
variables='{"first":20}'
peer() { node Benchmarks/peers/graphql-js-bench.js "$work/schema.graphql" MockResponses "$@"; }
field() { python3 -c 'import json,sys; print(json.loads(sys.stdin.read())[sys.argv[1]])' "$1"; }

for query in Benchmarks/peers/listing.graphql Benchmarks/peers/q1.graphql Benchmarks/peers/storefront-listing.graphql; do
    dialect=native
    if [ "$query" = Benchmarks/peers/storefront-listing.graphql ]; then
        dialect=storefront
        export PEER=storefront
        peer() { node Benchmarks/peers/graphql-js-bench.js Storefront/storefront-2026-04.graphql MockResponses "$@"; }
    fi
    if cmp -s <("$sim" query --compact --dialect "$dialect" --file "$query" --variables "$variables") <(peer "$query" "$variables" print); then
        echo "== $query: both answer with the same bytes"
    else
        echo "== WARNING: $query: the two answers differ" >&2
    fi
    printf '%-6s %14s %16s %14s %10s\n' round "cached µs" "uncached µs" "graphql-js µs" "ratio"
    for round in $(seq "$rounds"); do
        if [ "$query" = Benchmarks/peers/listing.graphql ]; then
            ours=$("$sim" bench --case products-first-20 --no-cache --json --iterations "$iterations")
        elif [ "$dialect" = storefront ]; then
            ours=$("$sim" bench --case storefront-products-first-20 --no-cache --json --iterations "$iterations")
        else
            ours=$("$sim" bench --query "$query" --variables "$variables" --no-cache --json --iterations "$iterations")
        fi
        ours=${ours%%$'\n'*}
        theirs=$(peer "$query" "$variables" "$iterations")
        cached=$(field median_us <<<"$ours")
        uncached=$(field uncached_median_us <<<"$ours")
        js=$(field median_us <<<"$theirs")
        printf '%-6s %14s %16s %14s %9.1f×\n' "$round" "$cached" "$uncached" "$js" "$(python3 -c "print($js / $uncached)")"
    done
done
