import CheckoutSimGraphQL
import CheckoutSimulator

/// The Storefront requests that spend the whole cost budget (docs/limits.md#the-cost-rule): the
/// calibration of the Storefront prices, timed on the generated catalog.
extension BenchmarkSuite {
    /// For each scanning field, as many aliases as the budget admits (at most 300): searches and a
    /// predictive search of a word every product has, a filtered collection page that prints
    /// nothing, facets, and filtered scans nested under a page of collections.
    static func storefrontBudgetFillers(_ simulator: Simulator) -> [GraphQLRequest] {
        let empty = "filters: [{price: {min: 99999999}}]"
        // A search of one word fits the most aliases; alternatives of prefixes no word starts
        // with are the slowest per word (each is matched on every product), and cost the most.
        let alternatives = (1...8).map { "zq\($0)*" }.joined(separator: " OR ")
        let fillers: [(Int) -> String] = [
            { "a\($0): products(first: 1, query: \"e\") { nodes { id } }" },
            { "a\($0): products(first: 1, query: \"\(alternatives)\") { nodes { id } }" },
            { "a\($0): search(first: 1, query: \"e\") { nodes { ... on Product { id } } }" },
            { "a\($0): predictiveSearch(query: \"e\") { products { id } }" },
            { "a\($0): collections(first: 1) { nodes { products(first: 1, \(empty)) { nodes { id } } } }" },
            { "a\($0): collections(first: 1) { nodes { products(first: 1) { filters { label } } } }" },
        ]
        // At most 300 aliases: more would pass the document's token limit.
        var requests = fillers.compactMap { body in
            mostAdmitted(simulator, upTo: 300) { count in "{ " + (0..<count).map(body).joined(separator: " ") + " }" }
        }
        if let nested = mostAdmitted(simulator, upTo: 250, { count in
            "{ collections(first: \(count)) { nodes { products(first: 1, \(empty)) { nodes { id } } } } }"
        }) {
            requests.append(nested)
        }
        return requests
    }

    /// The request of `count` aliases for the largest `count` up to `limit` that the cost rule
    /// admits, from what one alias costs (a budget of 0 refuses it, naming its cost, without
    /// running it); nil when even one is refused.
    private static func mostAdmitted(_ simulator: Simulator, upTo limit: Int, _ query: (Int) -> String) -> GraphQLRequest? {
        let probe = simulator.execute(GraphQLRequest(query: query(1)), session: "probe", note: .storefrontLibrary, maxCost: 0)
        guard let message = probe.errors.first(where: { $0.code == .queryTooComplex })?.message,
              let text = message.split(separator: " ").dropFirst(3).first, let each = Int(text.prefix { $0.isNumber }), each > 0
        else { return nil }
        let count = min(limit, simulator.limits.maxCost / each)
        return count > 0 ? GraphQLRequest(query: query(count)) : nil
    }
}
