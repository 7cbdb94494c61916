"""Sends one GraphQL request COUNT times over one keep-alive connection and checks each answer.

    python3 Benchmarks/http-requests.py PORT COUNT PATH QUERY_FILE

The instruction guard runs it against a server under callgrind (docs/benchmarks.md#the-instruction-guard):
the variables ask for a page of 20, as the listing cases do.
"""
import http.client
import json
import sys

port, count, path, query_file = int(sys.argv[1]), int(sys.argv[2]), sys.argv[3], sys.argv[4]
with open(query_file) as f:
    body = json.dumps({"query": f.read(), "variables": {"first": 20}}).encode()
connection = http.client.HTTPConnection("127.0.0.1", port)
for _ in range(count):
    connection.request("POST", path, body, {"Content-Type": "application/json"})
    response = connection.getresponse()
    data = response.read()
    if response.status != 200 or b'"errors"' in data:
        sys.exit(f"http-requests: {response.status} {data[:300]!r}")
