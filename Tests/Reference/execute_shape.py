"""Executes queries with graphql-core over our own response data, to compare data shapes.

Reads {"sdl": ..., "cases": [{"query", "variables", "data"}]} on stdin. graphql-core's default
resolvers read each field from the data we produced, so its result differs from ours only if our
executor shaped the response differently (key order, fragment merging, skipped fields, nulls).
Prints one compact JSON result per case.
"""
import json
import sys

from graphql import build_schema, execute_sync, parse

request = json.load(sys.stdin)
schema = build_schema(request["sdl"])
for case in request["cases"]:
    result = execute_sync(schema, parse(case["query"]), root_value=case["data"], variable_values=case["variables"])
    output = {"data": result.data}
    if result.errors:
        output["errors"] = [error.message for error in result.errors]
    print(json.dumps(output, separators=(",", ":"), ensure_ascii=False))
