"""Checks our SDL and introspection with graphql-core.

Reads {"sdl": ..., "introspection": ...} on stdin and prints one JSON object:
{"buildSchema": "ok" | error, "buildClientSchema": "ok" | error, "roundTrip": printed SDL}.
"""
import json
import sys

from graphql import build_client_schema, build_schema, print_schema

request = json.load(sys.stdin)
result = {}
try:
    build_schema(request["sdl"])
    result["buildSchema"] = "ok"
except Exception as error:  # report, do not crash: the test shows the message
    result["buildSchema"] = str(error)
try:
    client = build_client_schema(request["introspection"])
    result["buildClientSchema"] = "ok"
    result["roundTrip"] = print_schema(client) + "\n"
except Exception as error:
    result["buildClientSchema"] = str(error)
print(json.dumps(result))
