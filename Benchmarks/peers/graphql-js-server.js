// The peer `Benchmarks/peers/run-http.sh` measures beside `checkout-sim serve`: graphql-js 16 on
// Node's http module, answering the shop's listing query from the same fixtures, with the same
// bytes. graphql-js parses and validates every request; there is no cache in front of it.
//
//   NODE_PATH=/usr/share/nodejs node graphql-js-server.js SCHEMA.graphql MockResponses [PORT]
//
// With PEER=storefront, SCHEMA is Shopify's Storefront schema and the answers are
// graphql-js-storefront.js's (the Storefront listing).
// Prints "graphql-js listening on http://127.0.0.1:PORT/graphql" when ready. Required as a module
// (`graphql-js-bench.js` does), it exports `shop(sdlFile, fixtures)` → { schema, rootValue } instead.
"use strict";
const http = require("http");
const fs = require("fs");
const path = require("path");
const { graphql, buildSchema } = require("graphql");

/** The store, brands by id and the merged products of the fixtures in `fixtures`. */
function fixtureData(fixtures) {
  const read = (...parts) => JSON.parse(fs.readFileSync(path.join(fixtures, ...parts), "utf8"));
  const store = read("store.json");
  const brands = new Map(read("brands.json").map((brand) => [brand.id, brand]));
  const files = fs.readdirSync(path.join(fixtures, "products")).filter((f) => f.endsWith(".json")).sort();
  // A page file is an array or {"products": […]}; pages overlap on purpose, and the first copy counts.
  const seen = new Set();
  const raw = files.flatMap((file) => {
    const json = read("products", file);
    return Array.isArray(json) ? json : json.products;
  }).filter((p) => !seen.has(p.id) && seen.add(p.id));
  return { store, brands, raw };
}

/** The shop's schema and root resolvers over the fixtures in `fixtures`. */
function shop(sdlFile, fixtures) {
  const schema = buildSchema(fs.readFileSync(sdlFile, "utf8"));
  const { store, brands, raw } = fixtureData(fixtures);

  /** "1099.00" → "$1,099.00", as the shop formats money. */
  function money(amount) {
    const [whole, fraction] = amount.split(".");
    return { amount, formatted: store.currencySymbol + whole.replace(/\B(?=(\d{3})+(?!\d))/g, ",") + "." + fraction };
}

// FEATURED order: a product's rank, else its position in the merged catalog; ties by id.
const catalog = raw
  .map((p, index) => ({ p, rank: p.rank ?? index + 1 }))
  .sort((a, b) => a.rank - b.rank || (a.p.id < b.p.id ? -1 : a.p.id > b.p.id ? 1 : 0))
  .map(({ p, rank }) => ({
    rank,
    node: {
      id: p.id, name: p.name, model: p.model, category: p.category, description: p.description,
      stock: p.stock, inStock: p.stock > 0, maxPerOrder: p.maxPerOrder ?? store.defaultMaxPerOrder,
      createdAt: p.createdAt, imageURL: p.imageURL ?? null, price: money(p.price),
      compareAtPrice: p.compareAtPrice ? money(p.compareAtPrice) : null, brand: brands.get(p.brandId),
      // Per-session fields, looked up in the session's state as the simulator does (a fresh
      // session: no favorites, an empty cart).
      isFavorite() { return session.favorites.has(this.id); },
      quantityInCart() { return session.cart.get(this.id) ?? 0; },
    },
  }));
const session = { favorites: new Set(), cart: new Map() };
const cursor = (entry) => Buffer.from(`v1|products|FEATURED|${entry.node.id}|i:${entry.rank}`).toString("base64");

const rootValue = {
  products({ first = 20, after }) {
    let start = 0;
    if (after) {
      const id = Buffer.from(after, "base64").toString().split("|")[3];
      start = catalog.findIndex((entry) => entry.node.id === id) + 1;
    }
    const page = catalog.slice(start, start + first);
    return {
      nodes: page.map((entry) => entry.node),
      edges: page.map((entry) => ({ cursor: cursor(entry), node: entry.node })),
      totalCount: catalog.length,
      pageInfo: {
        hasNextPage: start + first < catalog.length, hasPreviousPage: start > 0,
        startCursor: page.length ? cursor(page[0]) : null, endCursor: page.length ? cursor(page[page.length - 1]) : null,
      },
    };
  },
};

return { schema, rootValue };
}

module.exports = { shop, fixtureData };
if (require.main === module) {
  const [sdlFile, fixtures, port = "0"] = process.argv.slice(2);
  const { storefront } = require("./graphql-js-storefront.js");
  const { schema, rootValue } = (process.env.PEER === "storefront" ? storefront : shop)(sdlFile, fixtures);
  const server = http.createServer((request, response) => {
    const chunks = [];
    request.on("data", (chunk) => chunks.push(chunk));
    request.on("end", async () => {
      let status = 200;
      let result;
      try {
        const { query, variables, operationName } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
        result = await graphql({ schema, source: query, rootValue, variableValues: variables, operationName });
      } catch (error) {
        status = 400;
        result = { errors: [{ message: String(error) }] };
      }
      const body = JSON.stringify(result);
      response.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(body) });
      response.end(body);
    });
  });
  server.keepAliveTimeout = 60000;
  server.listen(Number(port), "127.0.0.1", () => {
    console.log(`graphql-js listening on http://127.0.0.1:${server.address().port}/graphql`);
  });
}
