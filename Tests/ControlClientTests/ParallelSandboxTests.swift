import CheckoutSimControl
import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Parallel UI tests on one server (docs/http.md#sandboxes): 16 clients, each in its own sandbox,
/// buy the same product's last units at once.
struct ParallelSandboxTests {
    static let stock = #"query Stock { product(id: "pixel-8") { stock } }"#

    /// One UI test's journey: the last two units into the cart, a checkout (retried once when its
    /// sandbox's aimed 503 meets it), then one more unit, which its sandbox no longer has.
    static func journey(_ shop: ShopControl, index: Int) async throws -> [String] {
        let sandbox = shop.sandbox("parallel-\(index)")
        try await sandbox.levers([.stock(productId: "pixel-8", units: 2)])
        if index.isMultiple(of: 2) { try await sandbox.failNext(status: 503, operation: "Checkout") }
        var seen: [String] = []
        let add = try await ShopControlTests.app(sandbox.graphQLURL, ShopControlTests.add, variables: #"{"id": "pixel-8", "n": 2}"#)
        seen.append(add.body.contains(#""totalQuantity":2"#) ? "added 2" : add.body)
        var checkout = try await ShopControlTests.app(sandbox.graphQLURL, ShopControlTests.checkout)
        if checkout.status == 503 {
            seen.append("503")
            checkout = try await ShopControlTests.app(sandbox.graphQLURL, ShopControlTests.checkout)
        }
        seen.append(checkout.body.contains("order-1001") ? "ordered" : checkout.body)
        let more = try await ShopControlTests.app(sandbox.graphQLURL, ShopControlTests.add, variables: #"{"id": "pixel-8", "n": 1}"#)
        seen.append(more.body.contains("OUT_OF_STOCK") ? "sold out" : more.body)
        return seen
    }

    @Test func sixteenSandboxesSellTheirOwnLastUnitsWithoutMixingJournalsOrFaults() async throws {
        try await ServerProcess.with { base in
            let shop = ShopControl(baseURL: base)
            let outcomes = try await withThrowingTaskGroup(of: (Int, [String]).self) { group in
                for index in 0..<16 {
                    group.addTask { (index, try await Self.journey(shop, index: index)) }
                }
                var all = [[String]](repeating: [], count: 16)
                for try await (index, seen) in group { all[index] = seen }
                return all
            }
            for (index, seen) in outcomes.enumerated() {
                let expected = index.isMultiple(of: 2) ? ["added 2", "503", "ordered", "sold out"] : ["added 2", "ordered", "sold out"]
                #expect(seen == expected, "sandbox \(index)")
                let journal = try await shop.sandbox("parallel-\(index)").requests()
                #expect(journal.map(\.operationName) == (index.isMultiple(of: 2)
                    ? ["AddToCart", "Checkout", "Checkout", "AddToCart"] : ["AddToCart", "Checkout", "AddToCart"]), "sandbox \(index)'s journal holds its own requests only")
                #expect(journal.filter { $0.status == 503 }.count == (index.isMultiple(of: 2) ? 1 : 0), "sandbox \(index) met only its own fault")
            }
            #expect(try await shop.sandboxes().count == 17)
            let rootStock = try await ShopControlTests.app(shop.graphQLURL, Self.stock).body
            #expect(rootStock.contains(#""stock":"#) && !rootStock.contains(#""stock":0"#), "the root shop's stock is its own: \(rootStock)")
            #expect(try await shop.requests().count == 1, "the root shop saw none of it")
        }
    }
}
