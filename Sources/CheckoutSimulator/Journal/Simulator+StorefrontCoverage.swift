import CheckoutSimGraphQL

extension Simulator {
    /// `GET /__sim/storefront/coverage` (docs/storefront.md#unmodeled-fields): every unmodeled
    /// Storefront field the journal saw, sorted, with how many requests read it.
    package var storefrontCoverage: JSON { coverage(of: .storefront) }

    /// The same for `dialect`: `GET /__sim/customer-account/coverage` is the Customer Account
    /// API's (docs/customers.md#customer-accounts).
    package func coverage(of dialect: Dialect) -> JSON {
        let counts = journal.withLock { journal in
            var counts: [String: Int] = [:]
            for entry in journal.kept where entry.dialect == dialect {
                for field in entry.unmodeled { counts[field, default: 0] += 1 }
            }
            return counts
        }
        let fields = counts.keys.sorted().map { field in
            JSON.object(JSONObject([("field", .string(field)), ("requests", .int(counts[field] ?? 0))]))
        }
        return .object(JSONObject([("unmodeled", .array(fields))]))
    }
}
