"""Generates GraphQL documents from a schema, as an API fuzzer does, and validates them with graphql-core.

Reads {"sdl": SDL, "count": N} on stdin; writes one JSON line per document:
{"query": TEXT, "errors": [graphql-core's validation messages]}. Hypothesis is derandomized, so the
same schema gives the same documents every run (issue 40's differential test).
"""
import json
import sys

from graphql import build_schema, parse, validate
from hypothesis import HealthCheck, given, settings
from hypothesis_graphql import mutations, queries

request = json.load(sys.stdin)
schema = build_schema(request["sdl"])
count = request["count"]
documents = []


def collect(strategy, examples):
    @settings(derandomize=True, max_examples=examples, database=None, deadline=None,
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def run(document):
        documents.append(document)
    run()


collect(queries(schema), count)
collect(mutations(schema), count // 2)

seen = set()
for document in documents:
    if document in seen:
        continue
    seen.add(document)
    errors = [error.message for error in validate(schema, parse(document))]
    print(json.dumps({"query": document, "errors": errors}))
