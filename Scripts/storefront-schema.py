#!/usr/bin/env python3
"""Writes Shopify's Storefront (or Customer Account) schema as SDL without descriptions.

Usage: Scripts/storefront-schema.py INTROSPECTION.json > Storefront/storefront-2026-04.graphql
       Scripts/storefront-schema.py customer-account-2026-04.schema.json > Storefront/customer-account-2026-04.graphql
       Scripts/storefront-schema.py --facts INTROSPECTION.json > Tests/CheckoutSimulatorTests/Storefront/storefront-2026-04.facts.json

The input is Shopify's published introspection. Only the facts are kept:
names, types, nullability, arguments, defaults, enum values, interfaces, unions, scalars,
directives and which items are deprecated, in the reference's order. Descriptions are left out and
deprecation reasons rewritten (docs/storefront.md describes the modeled fields in this project's words).

With --facts it writes the introspection itself without descriptions and deprecation reasons, one
type per line: what StorefrontSchemaTests compares the served introspection with.
"""
import json
import sys

# The API the schema is, as deprecation notes name it: the Storefront API unless the schema is
# the Customer Account API's (its query root has `customer` without arguments).
API = "the Storefront API"


def type_ref(t):
    if t["kind"] == "NON_NULL":
        return type_ref(t["ofType"]) + "!"
    if t["kind"] == "LIST":
        return "[" + type_ref(t["ofType"]) + "]"
    return t["name"]


def deprecation(item):
    """Which items are deprecated is kept; the reasons are Shopify's prose, so they are rewritten:
    the replacement a reason names in backticks (the first one), or a plain note."""
    if not item.get("isDeprecated"):
        return ""
    reason = item.get("deprecationReason") or ""
    if reason.startswith("Use ") and reason.count("`") >= 2:
        replacement = reason.split("`")[1]
        return " @deprecated(reason: " + json.dumps("Replaced by `%s`." % replacement) + ")"
    return " @deprecated(reason: \"Deprecated in %s; answers its default here.\")" % API


def input_value(a):
    text = a["name"] + ": " + type_ref(a["type"])
    if a.get("defaultValue") is not None:
        text += " = " + a["defaultValue"]
    return text + deprecation(a)


def arguments(args):
    return "(" + ", ".join(input_value(a) for a in args) + ")" if args else ""


def strip(value):
    if isinstance(value, dict):
        return {k: strip(v) for k, v in value.items() if k not in ("description", "deprecationReason")}
    if isinstance(value, list):
        return [strip(v) for v in value]
    return value


def facts(schema):
    lines = [json.dumps({k: strip(schema[k]) for k in ("queryType", "mutationType", "subscriptionType")}, sort_keys=True)]
    lines += [json.dumps(strip(d), sort_keys=True) for d in schema["directives"]]
    lines += [json.dumps(strip(t), sort_keys=True) for t in schema["types"]]
    sys.stdout.write("\n".join(lines) + "\n")


def main():
    if sys.argv[1] == "--facts":
        facts(json.load(open(sys.argv[2]))["__schema"])
        return
    global API
    schema = json.load(open(sys.argv[1]))["__schema"]
    if any(t["name"] == "QueryRoot" and any(f["name"] == "customer" and not f["args"] for f in t["fields"]) for t in schema["types"]):
        API = "the Customer Account API"
    blocks = [
        "schema {\n  query: %s\n  mutation: %s\n}" % (schema["queryType"]["name"], schema["mutationType"]["name"])
    ]
    for d in schema["directives"]:
        blocks.append(
            "directive @" + d["name"] + arguments(d["args"]) + (" repeatable" if d.get("isRepeatable") else "")
            + " on " + " | ".join(d["locations"]))
    for t in schema["types"]:
        name, kind = t["name"], t["kind"]
        if name.startswith("__"):
            continue
        if kind == "SCALAR":
            url = t.get("specifiedByURL")
            blocks.append("scalar " + name + (" @specifiedBy(url: %s)" % json.dumps(url) if url else ""))
        elif kind in ("OBJECT", "INTERFACE"):
            head = ("type " if kind == "OBJECT" else "interface ") + name
            if t.get("interfaces"):
                head += " implements " + " & ".join(i["name"] for i in t["interfaces"])
            lines = ["  " + f["name"] + arguments(f["args"]) + ": " + type_ref(f["type"]) + deprecation(f) for f in t["fields"]]
            blocks.append(head + " {\n" + "\n".join(lines) + "\n}")
        elif kind == "UNION":
            blocks.append("union " + name + " = " + " | ".join(p["name"] for p in t["possibleTypes"]))
        elif kind == "ENUM":
            lines = ["  " + v["name"] + deprecation(v) for v in t["enumValues"]]
            blocks.append("enum " + name + " {\n" + "\n".join(lines) + "\n}")
        elif kind == "INPUT_OBJECT":
            lines = ["  " + input_value(f) for f in t["inputFields"]]
            blocks.append("input " + name + (" @oneOf" if t.get("isOneOf") else "") + " {\n" + "\n".join(lines) + "\n}")
    sys.stdout.write("\n\n".join(blocks) + "\n")


main()
