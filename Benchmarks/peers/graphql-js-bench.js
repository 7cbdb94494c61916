// graphql-js 16 in process, timed the way `checkout-sim bench` times a request case: warm-up
// (a tenth of the iterations, at most 100), then each iteration parses, validates and executes
// the query (graphqlSync: graphql-js has no document cache) and serialises the result with
// JSON.stringify. Prints one line like `bench --json`: {"case", "median_us", "p99_us", "iterations"}.
//
//   NODE_PATH=/usr/share/nodejs node graphql-js-bench.js SCHEMA.graphql MockResponses QUERY.graphql VARIABLES_JSON [ITERATIONS]
//
// With ITERATIONS `print`, prints the one response instead, to check both sides answer the same bytes.
// With PEER=storefront in the environment, SCHEMA is Shopify's Storefront schema and the peer is
// graphql-js-storefront.js (the Storefront listing).
"use strict";
const fs = require("fs");
const { graphqlSync, version } = require("graphql");
const { shop } = require("./graphql-js-server.js");
const { storefront } = require("./graphql-js-storefront.js");

const [sdlFile, fixtures, queryFile, variablesText, iterationsText = "1000"] = process.argv.slice(2);
const { schema, rootValue } = (process.env.PEER === "storefront" ? storefront : shop)(sdlFile, fixtures);
const source = fs.readFileSync(queryFile, "utf8");
const variableValues = JSON.parse(variablesText);
const run = () => JSON.stringify(graphqlSync({ schema, source, rootValue, variableValues }));

if (iterationsText === "print") {
  process.stdout.write(run() + "\n");
} else {
  const iterations = Math.max(1, Number(iterationsText));
  for (let i = 0; i < Math.max(1, Math.min(Math.floor(iterations / 10), 100)); i++) run();
  const samples = [];
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    run();
    samples.push(Number(process.hrtime.bigint() - start) / 1000);
  }
  samples.sort((a, b) => a - b);
  const n = samples.length;
  const median = n % 2 ? samples[(n - 1) / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
  const p99 = samples[Math.min(n - 1, Math.ceil(n * 0.99) - 1)];
  const tenth = (value) => Math.round(value * 10) / 10;
  console.log(JSON.stringify({ case: `graphql-js ${version}`, median_us: tenth(median), p99_us: tenth(p99), iterations }));
}
