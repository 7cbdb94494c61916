import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation

/// One page of a Storefront connection, as its `edges`, `nodes`, `pageInfo` and `totalCount` read it.
///
/// A class: each of those fields casts its parent to it, and a cast to a struct copied the whole
/// page, its closures and array retained, for each (Benchmarks/NOTES.md, issue 41).
final class ConnectionPage: BoxedObject {
    static func carries(_ name: String) -> Bool { name.hasSuffix("Connection") }

    var nodes: [Resolved]
    /// The cursor of the node at an index, made only when an edge or `pageInfo` asks.
    var cursor: (Int) -> String
    var hasNextPage: Bool
    var hasPreviousPage: Bool
    var totalCount: Int
    /// The filters a product list offers (`ProductConnection.filters`, `productFilters`), counted
    /// only when a request asks for them (each count is a pass over the catalog).
    var facets: () -> [FacetValue] = { [] }

    init(nodes: [Resolved], cursor: @escaping (Int) -> String, hasNextPage: Bool, hasPreviousPage: Bool, totalCount: Int) {
        self.nodes = nodes
        self.cursor = cursor
        self.hasNextPage = hasNextPage
        self.hasPreviousPage = hasPreviousPage
        self.totalCount = totalCount
    }
}

/// A connection's paging arguments as given, read only when its page is made: a listing asks
/// each product for the same page of variants on every request, which is kept with the product
/// and found by comparing the arguments as given (`StorefrontRows.variants`).
struct GivenPaging: StorefrontArguments {
    static var arguments: [ArgumentDeclaration] { PagingArguments.arguments }
    static var argumentsIfDeclared: [ArgumentDeclaration] { PagingArguments.argumentsIfDeclared }

    let given: JSONObject

    init(_ call: borrowing FieldCall) {
        given = call.argumentValues
    }

    /// The arguments read.
    func read() throws(FieldError) -> PagingArguments {
        try PagingArguments(given: given)
    }
}

/// An edge: a node and its cursor.
struct ConnectionEdge: BoxedObject {
    static func carries(_ name: String) -> Bool { name.hasSuffix("Edge") }

    let node: Resolved
    let cursor: String
}

/// `pageInfo` of a page.
struct PageInfoValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "PageInfo" }

    let hasNextPage: Bool
    let hasPreviousPage: Bool
    let startCursor: String?
    let endCursor: String?
}

/// The paging arguments every Storefront connection takes (docs/storefront.md#pagination).
struct PagingArguments: StorefrontArguments {
    /// Every connection takes `first`; most take the rest too.
    static let arguments = [ArgumentKey<Int?>("first", .int).declaration]
    static let argumentsIfDeclared = [
        ArgumentKey<String?>("after", .string).declaration, ArgumentKey<Int?>("last", .int).declaration,
        ArgumentKey<String?>("before", .string).declaration, ArgumentKey<Bool?>("reverse", .boolean).declaration,
    ]

    enum Request {
        case first(Int, after: String?)
        case last(Int, before: String?)
    }

    /// The most items a page may hold, as on Shopify.
    static let maxPageSize = 250

    let request: Request
    let reverse: Bool

    /// The arguments of `call`; Shopify's errors for a page size missing or out of range.
    init(_ call: borrowing FieldCall) throws(FieldError) {
        // Borrowed: a copied call retained and released everything it holds (Benchmarks/NOTES.md, issue 41).
        try self.init(given: call.argumentValues)
    }

    /// The arguments as given (coerced).
    init(given values: JSONObject) throws(FieldError) {
        // Read in one pass over the arguments given (two, usually), not searched per name.
        var first: Int?
        var last: Int?
        var after: String?
        var before: String?
        var reverse = false
        for (name, value) in values.members {
            // By length first: the names are the schema's own strings, and comparing one with a
            // literal went through the standard library's slow path each time.
            switch name.utf8.count {
            case 4 where name == "last": last = value.intValue
            case 5 where name == "first": first = value.intValue
            case 5 where name == "after": after = value.stringValue
            case 6 where name == "before": before = value.stringValue
            case 7 where name == "reverse": reverse = value.boolValue ?? false
            default: break
            }
        }
        self.reverse = reverse
        switch (first, last) {
        case (nil, nil), (.some, .some):
            throw FieldError("you must provide one of first or last", code: .badUserInput)
        case (let count?, nil):
            try Self.check(count, "first")
            request = .first(count, after: after)
        case (nil, let count?):
            try Self.check(count, "last")
            request = .last(count, before: before)
        }
    }

    private static func check(_ count: Int, _ name: String) throws(FieldError) {
        guard (0...maxPageSize).contains(count) else {
            throw FieldError("The \(name) argument must be between 0 and \(maxPageSize); it is \(count).", code: .badUserInput)
        }
    }

    /// A page of `items` (each with a stable key) read as these arguments say; cursors name the
    /// key, so a cursor from another list is refused.
    func page(of items: [Resolved], keys: [String], list: String) throws(FieldError) -> ConnectionPage {
        try page(of: items, key: { keys[$0] }, list: list)
    }

    /// The same, with each item's key made only when a cursor needs it (a listing's variants
    /// ask for none).
    func page(of items: [Resolved], key: @escaping (Int) -> String, list: String) throws(FieldError) -> ConnectionPage {
        let count = items.count
        let reverse = self.reverse
        // The item at place `place` of the list as read (reversed or not).
        func item(at place: Int) -> Int { reverse ? count - 1 - place : place }
        func place(of cursor: String) throws(FieldError) -> Int {
            guard let data = Data(base64Encoded: cursor), let decoded = String(data: data, encoding: .utf8), decoded.hasPrefix(list + "|"),
                  let found = (0..<count).first(where: { key(item(at: $0)) == decoded.dropFirst(list.count + 1) })
            else { throw FieldError("Invalid cursor \"\(cursor)\" for this list.", code: .badUserInput) }
            return found
        }
        let range: Range<Int>
        switch request {
        case .first(let size, let after):
            var start = 0
            if let after { start = try place(of: after) + 1 }
            range = start..<min(count, start + size)
        case .last(let size, let before):
            var end = count
            if let before { end = try place(of: before) }
            range = max(0, end - size)..<end
        }
        let lower = range.lowerBound
        // The whole list in order (a product's variants, mostly) is the items themselves, not a copy.
        let nodes = range == 0..<count && !reverse ? items : range.map { items[item(at: $0)] }
        return ConnectionPage(
            nodes: nodes, cursor: { Base64.encode(list + "|" + key(item(at: lower + $0))) },
            hasNextPage: range.upperBound < count, hasPreviousPage: lower > 0, totalCount: count)
    }
}

extension StorefrontBinding {
    /// Every connection, edge and `PageInfo` reads a `ConnectionPage`, whatever it lists.
    static func connectionFields(_ fields: inout ModeledFields, facts: SchemaFacts) {
        for name in facts.typeNames where name.hasSuffix("Connection") && facts.kinds[name] == .object {
            // `UnsignedInt64!` is written as a string, as Shopify writes it; the search's is an `Int!`.
            let asInt = name == "SearchResultItemConnection"
            fields.object(name, as: ConnectionPage.self) { connection in
                connection.field("edges") { page, _ in
                    page.nodes.indices.map { ConnectionEdge(node: page.nodes[$0], cursor: page.cursor($0)) }
                }
                connection.field("nodes") { page, _ in Carried(.list(page.nodes)) }
                connection.field("pageInfo") { page, _ in
                    PageInfoValue(
                        hasNextPage: page.hasNextPage, hasPreviousPage: page.hasPreviousPage,
                        startCursor: page.nodes.isEmpty ? nil : page.cursor(0), endCursor: page.nodes.isEmpty ? nil : page.cursor(page.nodes.count - 1))
                }
                // Bound where the connection has them (a field bound that no version has is a mistake).
                if facts.has(name, "totalCount") {
                    connection.field("totalCount") { page, _ in asInt ? Resolved.int(page.totalCount) : .leaf(.string(String(page.totalCount))) }
                }
                for facets in ["filters", "productFilters"] where facts.has(name, facets) {
                    connection.field(facets) { page, _ in page.facets() }
                }
            }
        }
        for name in facts.typeNames where name.hasSuffix("Edge") && facts.kinds[name] == .object {
            fields.object(name, as: ConnectionEdge.self) { edge in
                edge.field("node") { edge, _ in Carried(edge.node) }
                edge.text("cursor") { edge, _ in edge.cursor }
            }
        }
        fields.object("PageInfo", as: PageInfoValue.self) { info in
            info.boolean("hasNextPage") { info, _ in info.hasNextPage }
            info.boolean("hasPreviousPage") { info, _ in info.hasPreviousPage }
            info.text("startCursor") { info, _ in info.startCursor }
            info.text("endCursor") { info, _ in info.endCursor }
        }
    }
}
