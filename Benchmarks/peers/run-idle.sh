#!/usr/bin/env bash
# Many idle connections: `checkout-sim serve --max-connections N+1000` holding N keep-alive
# connections (one /healthz answered on each), then R requests on one of them beside the rest.
# Prints the server's resident memory before and after, its CPU while they idle for 2 s, and
# its CPU a request beside them (from /proc, so Linux only).
# Usage: Benchmarks/peers/run-idle.sh [N] [R]      (defaults 5000 and 5000; N 1 gives the cost of a request alone)
#        SIM=path/to/checkout-sim Benchmarks/peers/run-idle.sh …  measures that binary instead of a fresh release build
set -euo pipefail
cd "$(dirname "$0")/../.."
count=${1:-5000}
requests=${2:-5000}
[ -r /proc/self/stat ] || { echo "error: needs /proc (Linux)" >&2; exit 1; }
if [ -z "${SIM:-}" ]; then
    swift build -c release --product checkout-sim >/dev/null
fi
sim=${SIM:-.build/release/checkout-sim}
python3 - "$sim" "$count" "$requests" <<'PY'
import resource, socket, subprocess, sys, time
binary, count, requests = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
resource.setrlimit(resource.RLIMIT_NOFILE, (min(hard, count + 1024), hard))
server = subprocess.Popen([binary, "serve", "--port", "0", "--quiet", "--max-connections", str(count + 1000)], stdout=subprocess.PIPE)
port = int(server.stdout.readline().decode().rsplit(":", 1)[1].split("/")[0])
def usage():
    rss = next(int(line.split()[1]) for line in open(f"/proc/{server.pid}/status") if line.startswith("VmRSS:"))
    fields = open(f"/proc/{server.pid}/stat").read().rsplit(")", 1)[1].split()
    return rss, int(fields[11]) + int(fields[12])
request = b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
def ask(connection):
    connection.sendall(request)
    answer = b""
    while not answer.endswith(b'{"ok":true}'):
        answer += connection.recv(4096)
try:
    ask(socket.create_connection(("127.0.0.1", port)))
    rss0, cpu0 = usage()
    connections = []
    for _ in range(count):
        connection = socket.create_connection(("127.0.0.1", port))
        ask(connection)
        connections.append(connection)
    time.sleep(0.5)
    rss1, cpu1 = usage()
    time.sleep(2)
    rss2, cpu2 = usage()
    for _ in range(requests):
        ask(connections[0])
    rss3, cpu3 = usage()
    ticks = 100
    print(f"{count} idle keep-alive connections: resident {rss0} kB -> {rss1} kB (+{(rss1 - rss0) / 1024:.1f} MB)")
    print(f"CPU while they idled for 2 s: {(cpu2 - cpu1) * 1000 // ticks} ms")
    print(f"CPU a request beside them ({requests} requests on one connection): {(cpu3 - cpu2) * 1_000_000 // ticks // requests} us")
finally:
    server.terminate()
    server.wait()
PY
