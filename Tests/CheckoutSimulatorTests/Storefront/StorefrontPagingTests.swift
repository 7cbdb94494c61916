import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// Paging back and forth through the Storefront connections that share one paging code
/// (docs/storefront.md#pagination): from every item's cursor, `last: 2, before:` is the two items
/// just before it and `first: 2, after:` the two just after, never the item itself.
struct StorefrontPagingTests {
    struct Connection: CustomTestStringConvertible, Sendable {
        /// The document, with `ARGS` where the connection's arguments go.
        let query: String
        /// The keys from `data` down to the connection.
        let path: [String]
        let node: String
        var testDescription: String { path.joined(separator: ".") }
    }

    static let connections: [Connection] = [
        Connection(query: "{ collections(ARGS) { PAGE } }", path: ["collections"], node: "handle"),
        Connection(query: #"{ product(handle: "PRODUCT") { variants(ARGS) { PAGE } } }"#, path: ["product", "variants"], node: "id"),
        Connection(query: #"{ collection(handle: "apple") { products(ARGS) { PAGE } } }"#, path: ["collection", "products"], node: "handle"),
        Connection(query: "{ pages(ARGS) { PAGE } }", path: ["pages"], node: "handle"),
        Connection(query: "{ articles(ARGS) { PAGE } }", path: ["articles"], node: "handle"),
        Connection(query: #"{ cart(id: "CART") { lines(ARGS) { PAGE } } }"#, path: ["cart", "lines"], node: "id"),
    ]

    @Test(arguments: connections)
    func everyCursorPagesBothWays(_ connection: Connection) throws {
        let simulator = try Simulator()
        let products = try Fixtures.bundled().catalog.products
        let busiest = try #require(products.max { $0.variants.count < $1.variants.count })
        // A cart of four lines, for the cart's connection.
        let variants = simulator.execute(GraphQLRequest(query: "{ products(first: 4) { nodes { variants(first: 1) { nodes { id } } } } }"), dialect: .storefront)
            .json["data"]?["products"]?["nodes"]?.arrayValue?.compactMap { $0["variants"]?["nodes"]?[0]?["id"]?.stringValue } ?? []
        let lines = variants.map { #"{merchandiseId: "\#($0)", quantity: 1}"# }.joined(separator: ", ")
        let created = simulator.execute(GraphQLRequest(query: "mutation { cartCreate(input: {lines: [\(lines)]}) { cart { id } } }"), dialect: .storefront)
        let cart = try #require(created.json["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue)
        func page(_ arguments: String) throws -> (nodes: [String], cursors: [String], previous: Bool, next: Bool) {
            let node = "{ \(connection.node) }"
            let text = connection.query.replacingOccurrences(of: "ARGS", with: arguments)
                .replacingOccurrences(of: "PRODUCT", with: busiest.id).replacingOccurrences(of: "CART", with: cart)
                .replacingOccurrences(of: "PAGE", with: "edges { cursor node \(node) } pageInfo { hasPreviousPage hasNextPage }")
            let answer = simulator.execute(GraphQLRequest(query: text), dialect: .storefront).json
            #expect(answer["errors"] == nil, "\(text): \(answer.serialized())")
            var found = try #require(answer["data"])
            for key in connection.path { found = try #require(found[key]) }
            let edges = found["edges"]?.arrayValue ?? []
            return (
                edges.map { $0["node"]?[connection.node]?.stringValue ?? "" },
                edges.compactMap { $0["cursor"]?.stringValue },
                found["pageInfo"]?["hasPreviousPage"] == .bool(true), found["pageInfo"]?["hasNextPage"] == .bool(true))
        }
        let all = try page("first: 250")
        #expect(all.nodes.count >= 2, "enough items to page through")
        for (index, cursor) in all.cursors.enumerated() {
            let before = try page(#"last: 2, before: "\#(cursor)""#)
            #expect(before.nodes == Array(all.nodes[max(0, index - 2)..<index]), "before item \(index)")
            #expect(before.previous == (index > 2), "before item \(index)")
            #expect(before.next == true || index == all.nodes.count, "before item \(index)")
            let after = try page(#"first: 2, after: "\#(cursor)""#)
            #expect(after.nodes == Array(all.nodes[(index + 1)..<min(all.nodes.count, index + 3)]), "after item \(index)")
            #expect(after.next == (index + 3 < all.nodes.count), "after item \(index)")
        }
        let last = try page("last: 2")
        #expect(last.nodes == Array(all.nodes.suffix(2)))
    }
}
