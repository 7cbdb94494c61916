#!/usr/bin/env python3
"""Times issue 59's four stalls against a `checkout-sim` binary (release build), with a bystander.

    python3 Benchmarks/hostile/stalls.py .build/release/checkout-sim [attack ...]

Each attack runs on a fresh `serve`. Meanwhile another client asks `GET /healthz` and a small
Storefront query (`{ shop { name } }`) every 100 ms, each on a connection of its own, until the
attack has ended (at most 15 s), and the worst wait of each is the figure next to how long the
attack itself took and the server's CPU (from /proc). The attacks send an access token, so the
simulator's own budget is what stops them, not Shopify's tokenless limit.

  nested     products(first: 250), then collections(first: 250) four levels deep with products
             between them, each branch ending in a filtered scan that prints nothing
  batch      100 operations three levels deep, each answered past the 16 MiB limit, in one batch
  accents    predictiveSearch on "a" and 100,000 combining accents
  pipeline   30 clients each pipelining ~6 KB of GET /shop and never reading (10 s)
  hoard      300 such connections, more than the server's 256 (5 s; not one of issue 59's four)

Benchmarks/NOTES.md and docs/limits.md keep the results.
"""
import json
import os
import socket
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import measure  # noqa: E402 (beside this script)

STOREFRONT = "/api/2026-04/graphql.json"
TOKEN = "stall-measure"
SMALL = json.dumps({"query": "{ shop { name } }"}).encode()


class Server(measure.Server):
    """`serve` on a free port, as measure.py starts it, with its CPU time from /proc."""

    def cpu_seconds(self):
        with open(f"/proc/{self.process.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / 100


def exchange(port, request, timeout=60):
    """Sends one request on a new connection; the status line, the body's size and the seconds taken."""
    started = time.time()
    client = socket.create_connection(("127.0.0.1", port), timeout=timeout)
    try:
        client.sendall(request)
        received = b""
        while True:
            chunk = client.recv(1 << 16)
            if not chunk:
                break
            received += chunk
    except OSError as error:
        return f"{error!r}", len(received), time.time() - started
    finally:
        client.close()
    status = received.split(b"\r\n", 1)[0].decode(errors="replace")
    code = received.find(b'"code":"')
    if code >= 0:
        status += " " + received[code + 8:received.find(b'"', code + 8)].decode(errors="replace")
    return status, len(received), time.time() - started


def post(path, body, token=True):
    head = f"POST {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {len(body)}\r\n"
    if token:
        head += f"X-Shopify-Storefront-Access-Token: {TOKEN}\r\n"
    return head.encode() + b"\r\n" + body


class Bystander(threading.Thread):
    """Another client: /healthz and `{ shop { name } }` every 100 ms, the worst wait of each."""

    def __init__(self, port):
        super().__init__(daemon=True)
        self.port, self.done = port, threading.Event()
        self.health, self.shop, self.failures = [], [], []

    def run(self):
        while not self.done.is_set():
            for waits, request in ((self.health, b"GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"),
                                   (self.shop, post(STOREFRONT, SMALL))):
                status, _, took = exchange(self.port, request, timeout=30)
                waits.append(took)
                if " 200 " not in status + " ":
                    self.failures.append(status)
            self.done.wait(0.1)

    def report(self):
        shown = lambda waits: f"{max(waits):.3f} s worst of {len(waits)}" if waits else "none answered"
        failed = f", {len(self.failures)} not 200 ({self.failures[0]})" if self.failures else ""
        return f"/healthz {shown(self.health)}; {{ shop {{ name }} }} {shown(self.shop)}{failed}"


def nested(pairs, leaf):
    """`products(first: 250)` then `pairs` levels of `collections(first: 250)`, products between them."""
    inner = leaf
    for level in range(pairs):
        inner = f"collections(first: 250) {{ nodes {{ {inner} }} }}"
        if level < pairs - 1:
            inner = f"products(first: 250) {{ nodes {{ {inner} }} }}"
    return "{ products(first: 250) { nodes { " + inner + " } } }"


def attack_nested(server):
    body = json.dumps({"query": nested(4, "products(first: 1, filters: [{price: {min: 999999}}]) { nodes { id } }")}).encode()
    status, size, took = exchange(server.port, post(STOREFRONT, body), timeout=600)
    return f"{len(body)}-byte body: {status}, {size} bytes in {took:.3f} s"


def attack_batch(server):
    one = {"query": nested(3, "products(first: 250) { nodes { id title description } }")}
    body = json.dumps([one] * 100).encode()
    status, size, took = exchange(server.port, post(STOREFRONT, body), timeout=600)
    return f"100 operations: {status}, {size} bytes in {took:.3f} s"


def attack_accents(server):
    text = "a" + "\u0301" * 100_000
    body = json.dumps({"query": "query P($q: String!) { predictiveSearch(query: $q) { products { id } } }", "variables": {"q": text}}).encode()
    status, size, took = exchange(server.port, post(STOREFRONT, body), timeout=600)
    return f"{len(body)}-byte body: {status}, {size} bytes in {took:.3f} s"


def attack_pipeline(server):
    clients = []
    for _ in range(30):
        client = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        client.setblocking(False)
        clients.append(client)
    request = b"GET /shop HTTP/1.1\r\nHost: x\r\n\r\n"
    pipelined = request * (6_000 // len(request))
    for client in clients:
        try:
            client.send(pipelined)
        except BlockingIOError:
            pass
    time.sleep(10)
    for client in clients:
        client.close()
    return f"30 clients x {len(pipelined)} bytes of GET /shop, never read, held 10 s"


def attack_hoard(server):
    """One client holding more connections than the server's limit (256), none of them read."""
    clients = []
    request = b"GET /shop HTTP/1.1\r\nHost: x\r\n\r\n" * 64
    for _ in range(300):
        client = socket.create_connection(("127.0.0.1", server.port), timeout=5)
        client.setblocking(False)
        try:
            client.send(request)
        except BlockingIOError:
            pass
        clients.append(client)
    time.sleep(5)
    for client in clients:
        client.close()
    return f"300 clients x 64 pipelined GET /shop, never read, held 5 s"


def main():
    binary = sys.argv[1]
    for name in sys.argv[2:] or ["nested", "batch", "accents", "pipeline"]:
        server = Server(binary)
        try:
            exchange(server.port, post(STOREFRONT, SMALL))  # the schema is ready before the clock starts
            bystander = Bystander(server.port)
            cpu = server.cpu_seconds()
            bystander.start()
            time.sleep(0.3)
            result = globals()["attack_" + name](server)
            bystander.done.set()
            bystander.join()
            print(f"{name}: {result}; server CPU {server.cpu_seconds() - cpu:.2f} s; bystander: {bystander.report()}", flush=True)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
