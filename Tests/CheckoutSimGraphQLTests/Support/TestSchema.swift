@testable import CheckoutSimGraphQL

/// A small library schema, unrelated to shopping, that exercises every engine feature.
enum TestSchema {
    struct Book {
        let id: String
        let title: String
        let pages: Int
        let genre: String
    }

    final class Log {
        var entries: [String] = []
    }

    static let books = [
        Book(id: "1", title: "Dune", pages: 412, genre: "SCIFI"),
        Book(id: "2", title: "Emma", pages: 474, genre: "CLASSIC"),
        Book(id: "3", title: "Solaris", pages: 204, genre: "SCIFI"),
    ]

    typealias F = SchemaBuilder.FieldSpec
    typealias A = ArgumentDeclaration

    static func book(_ call: FieldCall) -> Book? { call.parent as? Book }

    static let schema: Schema = {
        var builder = SchemaBuilder()
        builder.object("Query", "Reads.", [
            F("book", "Book", "A book by id.", arguments: [A("id", "ID!", "The id.")]) { call in
                guard let id = call.arguments["id"]?.stringValue, let found = books.first(where: { $0.id == id }) else { return .null }
                return .object(found)
            },
            F("books", "[Book!]!", "Books, optionally by genre.", arguments: [
                A("first", "Int", "How many.", default: "10"),
                A("genre", "Genre", "Only this genre."),
            ]) { call in
                let first = call.arguments["first"]?.intValue ?? 10
                let genre = call.arguments["genre"]?.stringValue
                return .list(books.filter { genre == nil || $0.genre == genre }.prefix(first).map { .object($0) })
            },
            F("echo", "String", "Echoes its arguments as JSON.", arguments: [
                A("text", "String", "Some text."),
                A("number", "Int", "A number."),
                A("ratio", "Float", "A float."),
                A("id", "ID", "An id."),
                A("flag", "Boolean", "A flag."),
                A("genre", "Genre", "A genre."),
                A("list", "[Int!]", "A list."),
                A("input", "SearchInput", "An input object."),
                A("required", "String!", "A required text.", default: "\"r\""),
            ]) { call in .string(JSON.object(call.arguments).serialized()) },
            F("failing", "String", "Always fails with a field error.", resolve: { _ in throw FieldError("Boom.") }),
            F("failingNonNull", "String!", "A non-null field that fails.", resolve: { _ in throw FieldError("Boom!") }),
            F("nullNonNull", "String!", "A non-null field that returns null.") { _ in .null },
            F("nested", "Nested", "An object whose fields misbehave.") { _ in .object(()) },
            F("nestedNonNull", "Nested!", "A non-null object whose fields misbehave.") { _ in .object(()) },
            F("bigNumber", "Int", "A number beyond 32 bits.") { _ in .int(3_000_000_000) },
        ])
        builder.object("Mutation", "Writes.", [
            F("append", "[String!]!", "Appends to the log and returns it.", arguments: [A("entry", "String!", "What to add.")]) { call in
                let log = call.context as? Log
                log?.entries.append(call.arguments["entry"]?.stringValue ?? "")
                return .list((log?.entries ?? []).map { .string($0) })
            },
        ])
        builder.object("Book", "A book.", [
            F("id", "ID!", "The id.") { call in .optional(book(call)?.id) },
            F("title", "String!", "The title.") { call in .optional(book(call)?.title) },
            F("pages", "Int!", "Page count.") { call in book(call).map { .int($0.pages) } ?? .null },
            F("genre", "Genre!", "The genre.") { call in .optional(book(call)?.genre) },
            F("related", "[Book!]", "Related books.", arguments: [A("first", "Int", "How many.", default: "2")]) { call in
                .list(books.filter { $0.id != book(call)?.id }.prefix(call.arguments["first"]?.intValue ?? 2).map { .object($0) })
            },
            F("ids", "[ID]", "Ids with a null inside.") { _ in .list([.string("a"), .null]) },
            F("strictIds", "[ID!]", "Ids where null is not allowed.") { _ in .list([.string("a"), .null]) },
        ])
        builder.object("Nested", "Misbehaving fields.", [
            F("ok", "String", "Fine.") { _ in .string("ok") },
            F("bad", "String!", "Fails.", resolve: { _ in throw FieldError("Nested failure.") }),
        ])
        builder.enumeration("Genre", "Book genres.", [("SCIFI", "Science fiction."), ("CLASSIC", "Classics.")])
        builder.input("SearchInput", "Search terms.", [
            A("term", "String!", "The term."),
            A("limit", "Int", "A limit.", default: "5"),
            A("tags", "[String!]", "Tags."),
        ])
        do {
            return try builder.build(query: "Query", mutation: "Mutation")
        } catch {
            preconditionFailure("test schema: \(error)")
        }
    }()

    static func run(_ query: String, variables: JSONObject = JSONObject(), operation: String? = nil, context: AnyObject? = nil) -> String {
        GraphQLEngine.execute(
            GraphQLEngine.prepare(query, schema: schema), variables: variables, operationName: operation, schema: schema, context: context
        ).serialized(pretty: false)
    }
}

extension GraphQLEngine {
    /// Prepares `request`'s document and executes it, as a one-off request would be.
    static func run(_ request: GraphQLRequest, schema: Schema, context: AnyObject?) -> GraphQLResponse {
        execute(
            prepare(request.query, schema: schema), variables: request.variables, operationName: request.operationName,
            schema: schema, context: context)
    }
}

extension DocumentCache {
    /// Executes `request` with its cached document, preparing and keeping it on first sight, as
    /// the simulator does.
    mutating func run(_ request: GraphQLRequest, schema: Schema, context: AnyObject?) -> GraphQLResponse {
        let prepared = lookup(request.query) ?? GraphQLEngine.prepare(request.query, schema: schema)
        insert(prepared, for: request.query)
        return GraphQLEngine.execute(
            prepared, variables: request.variables, operationName: request.operationName, schema: schema, context: context)
    }
}

/// The untyped builder's fields as these tests write them: erased resolvers, free to misbehave in
/// ways the typed binding cannot express (a null in a non-null field, a list where an object goes).
extension SchemaBuilder.FieldSpec {
    init(_ name: String, _ type: String, _ description: String, arguments: [ArgumentDeclaration] = [], resolve: @escaping FieldResolver) {
        self.init(name, type, description, arguments: arguments, kind: .general(resolve))
    }

    init(_ name: String, _ type: String, _ description: String, string: @escaping @Sendable (FieldCall) throws -> String?) {
        self.init(name, type, description, arguments: [], kind: .string(string))
    }

    init(_ name: String, _ type: String, _ description: String, utf8: @escaping @Sendable (FieldCall, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void) {
        self.init(name, type, description, arguments: [], kind: .utf8(utf8, escapeFree: false))
    }

    init(_ name: String, _ type: String, _ description: String, int: @escaping @Sendable (FieldCall) throws -> Int?) {
        self.init(name, type, description, arguments: [], kind: .int(int))
    }

    init(_ name: String, _ type: String, _ description: String, bool: @escaping @Sendable (FieldCall) throws -> Bool?) {
        self.init(name, type, description, arguments: [], kind: .bool(bool))
    }
}
