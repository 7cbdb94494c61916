#!/usr/bin/env bash
# The tail at many connections against another build: wrk alternates rounds between this build's
# `serve` and OTHER's (the thread-per-connection server was 77da6e8a), the same keep-alive POST of
# the listing query, and prints each round's p99 and rate, then the mean p99s and their ratio.
# Usage: Benchmarks/peers/run-tail.sh OTHER [ROUNDS] [SECONDS] [CONNECTIONS]   (apt-get install wrk)
#        SIM=path/to/checkout-sim Benchmarks/peers/run-tail.sh …  measures that binary instead of a fresh release build
set -euo pipefail
cd "$(dirname "$0")/../.."
other=${1:?usage: run-tail.sh OTHER-BINARY [ROUNDS] [SECONDS] [CONNECTIONS]}
rounds=${2:-4}
seconds=${3:-5}
connections=${4:-64}
command -v wrk >/dev/null || { echo "error: wrk not found (apt-get install wrk)" >&2; exit 1; }
if [ -z "${SIM:-}" ]; then
    swift build -c release --product checkout-sim >/dev/null
fi
sim=${SIM:-.build/release/checkout-sim}
source Benchmarks/peers/servers.sh
start "$sim" serve --port 0 --quiet; ours=$url
start "$other" serve --port 0 --quiet; theirs=$url

python3 -c 'import json,sys; print(json.dumps({"query": sys.stdin.read(), "variables": {"first": 20}}), end="")' \
    <Benchmarks/peers/listing.graphql >"$work/body.json"
export BODY=$work/body.json
# One round: "p99-in-ms requests-per-second".
round() {
    wrk -t1 -c"$connections" -d"${seconds}s" --latency -s Benchmarks/peers/post.lua "$1" | awk '
        / 99% / { value = $2; if (value ~ /us$/) ms = value / 1000; else if (value ~ /ms$/) ms = value + 0; else ms = value * 1000 }
        /Requests\/sec/ { rate = $2 }
        END { printf "%.2f %.0f\n", ms, rate }'
}
for url in "$ours" "$theirs"; do wrk -t1 -c"$connections" -d1s -s Benchmarks/peers/post.lua "$url" >/dev/null; done   # warm-up
echo "== wrk -t1 -c$connections -d${seconds}s --latency, $rounds alternating rounds (p99 ms, req/s)"
: >"$work/ours"; : >"$work/theirs"
for _ in $(seq "$rounds"); do
    round "$ours" | tee -a "$work/ours" | sed 's/^/this build   /'
    round "$theirs" | tee -a "$work/theirs" | sed 's/^/other build  /'
done
python3 - "$work/ours" "$work/theirs" <<'PY'
import sys
ours, theirs = ([tuple(map(float, line.split())) for line in open(path)] for path in sys.argv[1:])
mean = lambda rows, i: sum(row[i] for row in rows) / len(rows)
print(f"mean p99: {mean(ours, 0):.2f} ms against {mean(theirs, 0):.2f} ms = {mean(ours, 0) / mean(theirs, 0):.2f}x; "
      f"mean rate {mean(ours, 1):.0f} against {mean(theirs, 1):.0f} req/s")
PY
