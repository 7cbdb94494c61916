#!/usr/bin/env bash
# The HTTP ceiling side by side: `checkout-sim serve` answering the listing query, and nginx with one
# worker serving the same response bytes as a static file, both loaded by wrk in the same run
# (one thread, keep-alive, POST of the same body). Prints both rates and their ratio.
# Usage: Benchmarks/peers/run-nginx.sh [SECONDS] [CONNECTIONS]     (apt-get install nginx-light wrk)
#        SIM=path/to/checkout-sim Benchmarks/peers/run-nginx.sh …  measures that binary instead of a fresh release build
set -euo pipefail
cd "$(dirname "$0")/../.."
seconds=${1:-10}
connections=${2:-32}
for tool in nginx wrk curl python3; do
    command -v "$tool" >/dev/null || { echo "error: $tool not found (apt-get install nginx-light wrk curl)" >&2; exit 1; }
done

if [ -z "${SIM:-}" ]; then
    swift build -c release --product checkout-sim >/dev/null
fi
sim=${SIM:-.build/release/checkout-sim}
work=$(mktemp -d)
pids=()
trap 'kill "${pids[@]}" 2>/dev/null; [ -f "$work/nginx.pid" ] && kill "$(cat "$work/nginx.pid")" 2>/dev/null; rm -rf "$work"' EXIT

mkfifo "$work/fifo"
"$sim" serve --port 0 --quiet >"$work/fifo" &
pids+=($!)
read -r line <"$work/fifo"
ours=${line##* }

# The listing query of docs/benchmarks.md as a JSON body, and the answer nginx will serve.
python3 -c 'import json,sys; print(json.dumps({"query": sys.stdin.read(), "variables": {"first": 20}}), end="")' \
    <Benchmarks/peers/listing.graphql >"$work/body.json"
mkdir -p "$work/root"
curl -sf "$ours" -H 'Content-Type: application/json' --data-binary @"$work/body.json" >"$work/root/graphql"

# A free port for nginx, from the kernel.
port=$(python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
cat >"$work/nginx.conf" <<CONF
worker_processes 1;
daemon on;
pid $work/nginx.pid;
error_log $work/error.log;
events { worker_connections 1024; }
http {
    access_log off;
    client_body_temp_path $work;
    proxy_temp_path $work; fastcgi_temp_path $work; uwsgi_temp_path $work; scgi_temp_path $work;
    server {
        listen 127.0.0.1:$port;
        root $work/root;
        keepalive_requests 1000000;
        # A static file answers GET; a POST gets 405, which this turns into the file with 200.
        location = /graphql { default_type "application/json; charset=utf-8"; error_page 405 =200 \$uri; }
    }
}
CONF
nginx -c "$work/nginx.conf" -e "$work/error.log"
peer="http://127.0.0.1:$port/graphql"
cmp -s "$work/root/graphql" <(curl -s "$peer" -H 'Content-Type: application/json' --data-binary @"$work/body.json") \
    || { echo "error: nginx does not answer the POST with the listing response" >&2; exit 1; }
echo "== both answer the POST with the same $(wc -c <"$work/root/graphql") body bytes"

export BODY=$work/body.json
rate() { wrk -t1 -c"$connections" -d"${seconds}s" -s Benchmarks/peers/post.lua "$1" | awk '/Requests\/sec/ { print $2 }'; }
wrk -t1 -c"$connections" -d1s -s Benchmarks/peers/post.lua "$ours" >/dev/null   # warm-up
ours_rate=$(rate "$ours")
peer_rate=$(rate "$peer")
echo "== wrk -t1 -c$connections -d${seconds}s, keep-alive POST of the listing query"
printf '%-34s %10s req/s\n' "checkout-sim serve" "$ours_rate" "nginx $(nginx -v 2>&1 | sed 's/.*\///'), 1 worker, static" "$peer_rate"
python3 -c "import sys; print('ratio: %.0f %% of nginx' % (100 * float(sys.argv[1]) / float(sys.argv[2])))" "$ours_rate" "$peer_rate"
