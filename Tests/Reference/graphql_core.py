"""Answers GraphQL requests with graphql-core (the reference implementation's Python port).

Reads {"sdl": ..., "queries": [...]} on stdin; for each query prints one JSON line with the
validation (or syntax) errors, each as {"message", "locations"}. Used by ReferenceParityTests.
"""
import json
import sys

from graphql import build_schema, parse, validate
from graphql.error import GraphQLSyntaxError

request = json.load(sys.stdin)
schema = build_schema(request["sdl"])
for query in request["queries"]:
    try:
        errors = validate(schema, parse(query))
    except GraphQLSyntaxError as error:
        errors = [error]
    print(json.dumps([
        {"message": e.message, "locations": [[l.line, l.column] for l in (e.locations or [])]}
        for e in errors
    ]))
