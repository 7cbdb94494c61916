// The Storefront peer of docs/benchmarks.md: graphql-js 16 over Shopify's Storefront schema (the
// SDL `checkout-sim` serves) and the same fixtures, answering the Storefront listing with the same
// bytes as `checkout-sim query --dialect storefront`. Required by graphql-js-bench.js (PEER=storefront).
//
// The model, as docs/storefront.md describes it: products in `sortKey: ID` order (the merged
// fixtures' order), ids gid://shopify/Product/(1000001 + place in the merged fixtures), one variant per
// product without options (`Default Title`), amounts as Shopify writes Decimal.
"use strict";
const fs = require("fs");
const { buildSchema } = require("graphql");

function storefront(sdlFile, fixtures) {
  const schema = buildSchema(fs.readFileSync(sdlFile, "utf8"));
  // Required here, not at the top: graphql-js-server.js requires this file in its own main branch.
  const { store, brands, raw } = require("./graphql-js-server.js").fixtureData(fixtures);

  /** "1099.00" → "1099.0", "29.90" → "29.9": Shopify's Decimal. */
  const decimal = (text) => {
    let trimmed = text.replace(/0+$/, "");
    return trimmed.endsWith(".") ? trimmed + "0" : trimmed;
  };
  const money = (amount) => ({ amount: decimal(amount), currencyCode: store.currency });

  const products = raw.map((p, position) => {
    const number = 1000001 + position;
    const variants = (p.variants ?? [{ id: p.id, options: [], stock: p.stock }]).map((v, index) => ({
      id: `gid://shopify/ProductVariant/${number * 1000 + index + 1}`,
      title: p.options ? v.options.join(" / ") : "Default Title",
      availableForSale: v.stock > 0,
      price: money(v.price ?? p.price),
      selectedOptions: p.options ? p.options.map((o, i) => ({ name: o.name, value: v.options[i] })) : [{ name: "Title", value: "Default Title" }],
      cents: Math.round(Number(v.price ?? p.price) * 100),
    }));
    const byPrice = [...variants].sort((a, b) => a.cents - b.cents);
    return {
      key: position, handle: p.id,
      node: {
        id: `gid://shopify/Product/${number}`, handle: p.id, title: p.name, vendor: brands.get(p.brandId).name, productType: p.category,
        availableForSale: p.stock > 0,
        featuredImage: p.imageURL ? { url: p.imageURL, altText: p.name } : null,
        priceRange: { minVariantPrice: byPrice[0].price, maxVariantPrice: byPrice[byPrice.length - 1].price },
        variants: ({ first }) => ({ nodes: variants.slice(0, first) }),
      },
    };
  });
  const cursor = (entry) => Buffer.from(`v1|storefront-products|POSITION|${entry.handle}|i:${entry.key}`).toString("base64");

  const rootValue = {
    products({ first = 20 }) {
      const page = products.slice(0, first);
      return {
        nodes: page.map((entry) => entry.node),
        pageInfo: { hasNextPage: first < products.length, endCursor: page.length ? cursor(page[page.length - 1]) : null },
      };
    },
  };
  return { schema, rootValue };
}

module.exports = { storefront };
