#!/usr/bin/env python3
"""Measures issue 40's defects 1-4, 8 and 9 against a `checkout-sim` binary (release build).

    python3 Benchmarks/hostile/measure.py .build/release/checkout-sim [defect ...]

Each defect runs on a fresh server; the figure is the server's peak resident memory (VmHWM), the
bytes or seconds it answered with, or how /healthz fared. Benchmarks/NOTES.md keeps the results.
"""
import json
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request


class Server:
    def __init__(self, binary, extra=()):
        self.process = subprocess.Popen([binary, "serve", "--port", "0", "--quiet", *extra], stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        self.base = line.strip().split(" ")[-1].rsplit("/", 1)[0]
        self.port = int(self.base.rsplit(":", 1)[1])

    def peak_mb(self):
        try:
            with open(f"/proc/{self.process.pid}/status") as status:
                for line in status:
                    if line.startswith("VmHWM:"):
                        return int(line.split()[1]) // 1024
        except OSError:
            pass
        return -1

    def request(self, method, path, body=None, timeout=600):
        data = body.encode() if isinstance(body, str) else body
        request = urllib.request.Request(self.base + path, data=data, method=method, headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(request, timeout=timeout) as response:
                return response.status, response.read()
        except urllib.error.HTTPError as error:
            return error.code, error.read()

    def stop(self):
        self.process.terminate()
        try:
            self.process.wait(timeout=120)
        except subprocess.TimeoutExpired:
            self.process.kill()


def graphql(query, variables=None, name=None):
    body = {"query": query, "variables": variables or {}}
    if name:
        body["operationName"] = name
    return json.dumps(body)


def defect1(server):
    add = "mutation AddToCart($id: ID!) { addToCart(productId: $id) { cart { totalQuantity } } }"
    for _ in range(100):
        server.request("POST", "/graphql", graphql(add, {"id": "pixel-8"}))
    pattern = json.dumps({"operation": "AddToCart", "variables": {str(i): 1 for i in range(90_000)}}, separators=(",", ":"))
    started = time.time()
    status, _ = server.request("POST", "/__sim/verify", pattern)
    return f"verify, 100 entries, a pattern of 90,000 keys: status {status} in {time.time() - started:.2f} s, peak RSS {server.peak_mb()} MB"


def defect2(server):
    aliases = " ".join(f"a{i}: products(first: 64) {{ nodes {{ id name description model category }} }}" for i in range(600))
    document = "{ " + aliases + " }"
    scenario = f'scenario "Hoard"\nstep "All"\n  send {{}}\n  ```\n  {document}\n  ```\n  collect all += $\n  repeat until $.x == 1 max 60\n'
    size = len(server.request("POST", "/graphql", graphql(document))[1])
    started = time.time()
    status, body = server.request("POST", "/__sim/scenario", scenario)
    message = json.loads(body).get("files", [{}])[0].get("steps", [{}])[0].get("failure", {}).get("message", "") if status != 400 else body[:200]
    return (f"posted scenario, collect all += $ over a {size / 1e6:.1f} MB response, max 60 rounds: status {status} in "
            f"{time.time() - started:.1f} s, peak RSS {server.peak_mb()} MB; {str(message)[:120]}")


def defect3(server):
    document = "query Big { brands { id } }" + " " * 1_000_000
    body = graphql(document).encode()
    for _ in range(1_000):
        server.request("POST", "/graphql", body)
    before = server.peak_mb()
    started = time.time()
    status, listing = server.request("GET", "/__sim/requests")
    return (f"GET /__sim/requests over 1,000 entries sharing a 1 MB document: status {status}, {len(listing) / 1e6:.0f} MB body in "
            f"{time.time() - started:.1f} s, peak RSS {before} MB before, {server.peak_mb()} MB after")


def defect4(server):
    query = "query Brands { brands { id name } }"
    for request in range(600):
        server.request("POST", "/graphql", graphql(query, {"ids": [f"order-{request * 100 + i}" for i in range(100)]}))
    started = time.time()
    status, text = server.request("GET", "/__sim/requests.scenario")
    return f"export of 600 entries with 100 order-N strings each: status {status}, {len(text) / 1e6:.1f} MB in {time.time() - started:.2f} s"


def defect4r(binary):
    """serve --record over the same journal: how long SIGTERM takes."""
    server = Server(binary, ["--record", "/tmp/measure-record.scenario"])
    query = "query Brands { brands { id name } }"
    for request in range(600):
        server.request("POST", "/graphql", graphql(query, {"ids": [f"order-{request * 100 + i}" for i in range(100)]}))
    started = time.time()
    server.stop()
    return f"serve --record, the same 600 entries: SIGTERM to exit in {time.time() - started:.1f} s"


def defect8(server):
    empties = "[" + ",".join(["{}"] * 330_000) + "]"
    body = '{"query": "{ brands { id } }", "variables": {"a": ' + empties + "}}"
    before = server.peak_mb()
    for _ in range(16):
        server.request("POST", "/graphql", body)
    return f"16 requests of 330,000 empty objects (1 MB each): peak RSS {before} MB before, {server.peak_mb()} MB after"


def defect9(server):
    server.request("POST", "/__sim/network", json.dumps({"slow": {"bytesPerSecond": 1}}))
    request = b'POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 30\r\n\r\n{"query": "{ brands { id } }"}'
    sockets = []
    for _ in range(270):
        try:
            client = socket.create_connection(("127.0.0.1", server.port), timeout=5)
            client.sendall(request)
            sockets.append(client)
        except OSError:
            break
    time.sleep(1)
    started = time.time()
    health = raw_status(server.port, b"GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n")
    took = time.time() - started
    cleared = raw_status(server.port, b"POST /__sim/network HTTP/1.1\r\nHost: x\r\nContent-Length: 2\r\n\r\n{}")
    for client in sockets:
        client.close()
    return f"{len(sockets)} connections to a slow (1 B/s) endpoint: /healthz {health} in {took:.2f} s, /__sim/network {{}} {cleared}"


def raw_status(port, request):
    """The status line a raw request gets within 30 s, or what happened instead."""
    try:
        client = socket.create_connection(("127.0.0.1", port), timeout=30)
        client.sendall(request)
        line = client.recv(64).split(b"\r\n")[0].decode()
        client.close()
        return line or "closed without a response"
    except OSError as error:
        return f"{error!r}"


def main():
    binary = sys.argv[1]
    chosen = sys.argv[2:] or ["1", "2", "3", "4", "4r", "8", "9"]
    for number in chosen:
        if number == "4r":
            print(f"defect 4 (record): {defect4r(binary)}", flush=True)
            continue
        server = Server(binary)
        try:
            result = globals()["defect" + number](server)
        except Exception as error:  # a crash or a cut connection is the figure
            result = f"failed: {error!r}; server {'exited ' + str(server.process.poll()) if server.process.poll() is not None else 'alive'}, peak RSS {server.peak_mb()} MB"
        started = time.time()
        server.stop()
        print(f"defect {number}: {result}; stopped in {time.time() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
