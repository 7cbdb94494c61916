"""Validates GraphQL documents with graphql-core, and generates them from a schema as an API fuzzer does.

Reads {"sdl": SDL, "documents": [TEXT, ...]} on stdin and writes one JSON line per document:
{"query": TEXT, "errors": [graphql-core's validation messages]} (issue 40's differential test).

Given {"sdl": SDL, "count": N} instead, it first generates the documents with hypothesis-graphql
(N queries and N/2 mutations, duplicates left out). Hypothesis is derandomized, so one schema and
one Hypothesis version give the same documents; the test keeps the ones it compares in
Tests/Reference/generated-documents-*.jsonl and makes them again only when asked
(CHECKOUT_SIM_REGENERATE_DOCUMENTS=1), since generating is the slow part.
"""
import json
import sys

from graphql import build_schema, parse, validate

request = json.load(sys.stdin)
schema = build_schema(request["sdl"])
documents = request.get("documents")

if documents is None:
    from hypothesis import HealthCheck, given, settings
    from hypothesis_graphql import mutations, queries

    documents = []

    def collect(strategy, examples):
        @settings(derandomize=True, max_examples=examples, database=None, deadline=None,
                  suppress_health_check=list(HealthCheck))
        @given(strategy)
        def run(document):
            documents.append(document)
        run()

    collect(queries(schema), request["count"])
    collect(mutations(schema), request["count"] // 2)

seen = set()
for document in documents:
    if document in seen:
        continue
    seen.add(document)
    errors = [error.message for error in validate(schema, parse(document))]
    print(json.dumps({"query": document, "errors": errors}))
