import Foundation
import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// Content collections (docs/fixtures.md#content-collections): inference, links, every validation problem, paging.
struct CollectionTests {
    /// The bundled fixtures with `collections` in place of the bundled ones.
    static func source(_ collections: [String: String]) -> FixtureSource {
        var files = FixtureSource.bundled.files.filter { !$0.path.hasPrefix("collections/") }
        for (name, text) in collections { files.append(("collections/\(name).json", text)) }
        return FixtureSource(files: files, origin: "test")
    }

    /// A collection file of `type` with `items` (JSON text).
    static func file(_ type: String, _ items: String, extra: String = "") -> String {
        #"{"type": "\#(type)", "description": "Some \#(type)s.", \#(extra)"items": \#(items)}"#
    }

    /// Every field of every inferred type as the schema declares it, links after their id field.
    static func declarations(_ collections: ContentCollections) -> [String] {
        collections.shapes.flatMap { shape in
            shape.fields.flatMap { field -> [String] in
                let type = field.kind.graphQLType(shapes: collections.shapes) + (field.nonNull ? "!" : "")
                var lines = ["\(shape.typeName).\(field.name): \(type)"]
                if let link = field.link { lines.append("\(shape.typeName).\(link.field) -> \(link.target)\(link.many ? " many" : "")") }
                return lines
            }
        }
    }

    struct InferenceCase: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let declarations: [String]
        var testDescription: String { name }
    }

    static let inferences: [InferenceCase] = [
        .init(name: "scalars and lists", files: ["things": file("Thing", #"""
            [{"id": "a", "title": "T", "count": 1, "ratio": 0.5, "on": true, "tags": ["x"]},
             {"id": "b", "title": "U", "count": 2, "ratio": 1.5, "on": false, "tags": []}]
            """#)], declarations: [
                "Thing.id: ID!", "Thing.title: String!", "Thing.count: Int!", "Thing.ratio: Float!", "Thing.on: Boolean!",
                "Thing.tags: [String!]!",
            ]),
        .init(name: "absent or null somewhere is nullable", files: ["things": file("Thing", #"[{"id": "a", "note": "n"}, {"id": "b"}, {"id": "c", "note": null}]"#)],
              declarations: ["Thing.id: ID!", "Thing.note: String"]),
        .init(name: "integers and fractions make a Float", files: ["things": file("Thing", #"[{"id": "a", "n": 1, "ns": [1]}, {"id": "b", "n": 2.5, "ns": [1, 0.5]}]"#)],
              declarations: ["Thing.id: ID!", "Thing.n: Float!", "Thing.ns: [Float!]!"]),
        .init(name: "objects become nested types", files: ["things": file("Thing", #"""
            [{"id": "a", "action": {"kind": "URL", "url": "https://example.com"}}, {"id": "b", "action": {"kind": "PRODUCT"}}]
            """#)], declarations: ["Thing.id: ID!", "Thing.action: ThingAction!", "ThingAction.kind: String!", "ThingAction.url: String"]),
        .init(name: "product and brand links, one and many, nested too", files: ["things": file("Thing", #"""
            [{"id": "a", "productId": "iphone-15", "brandIds": ["apple"], "more": {"productIds": ["pixel-8"]}},
             {"id": "b", "productId": "pixel-8", "more": {"productIds": []}}]
            """#)], declarations: [
                "Thing.id: ID!", "Thing.productId: String!", "Thing.product -> product", "Thing.brandIds: [String!]",
                "Thing.brands -> brand many", "Thing.more: ThingMore!", "ThingMore.productIds: [String!]!", "ThingMore.products -> product many",
            ]),
        .init(name: "links to another collection's items", files: [
            "things": file("Thing", #"[{"id": "a", "widgetId": "w1"}, {"id": "b", "widgetIds": ["w1", "w2"]}]"#),
            "widgets": file("Widget", #"[{"id": "w1"}, {"id": "w2"}]"#),
        ], declarations: [
            "Thing.id: ID!", "Thing.widgetId: String", "Thing.widget -> collection(1)", "Thing.widgetIds: [String!]",
            "Thing.widgets -> collection(1) many", "Widget.id: ID!",
        ]),
    ]

    @Test(arguments: inferences) func typesAreInferredFromTheItems(_ testCase: InferenceCase) throws {
        let fixtures = try Fixtures.load(Self.source(testCase.files))
        #expect(Self.declarations(fixtures.collections) == testCase.declarations)
    }

    struct ProblemCase: CustomTestStringConvertible, Sendable {
        let name: String
        let files: [String: String]
        let problems: [String]
        var testDescription: String { name }
    }

    static let problems: [ProblemCase] = [
        .init(name: "empty items", files: ["things": file("Thing", "[]")],
              problems: ["collections/things.json: items: is empty: the item type is inferred from the items, so give at least one"]),
        .init(name: "missing, duplicate and malformed ids", files: ["things": file("Thing", #"[{"title": "a"}, {"id": "x"}, {"id": "x"}, {"id": "no spaces"}, {"id": 7}]"#)],
              problems: [
                "collections/things.json: items[0]: missing \"id\" (every item needs a unique id)",
                "collections/things.json: items[2].id: duplicate id \"x\" (first at items[1].id)",
                "collections/things.json: items[3].id: expected an id string matching [A-Za-z0-9._-]{1,64}, found \"no spaces\"",
                "collections/things.json: items[4].id: expected an id string matching [A-Za-z0-9._-]{1,64}, found a number",
              ]),
        .init(name: "one field, two kinds", files: ["things": file("Thing", #"[{"id": "a", "n": 1}, {"id": "b", "n": "two"}, {"id": "c", "tags": ["x", 1]}]"#)],
              problems: [
                "collections/things.json: items[1].n: expected an integer as at items[0].n, found a string (one field holds one kind of value)",
                "collections/things.json: items[2].tags[1]: expected a string like the array's first element, found an integer",
                "collections/things.json: items[0].tags: \"tags\" is null wherever it is given: its type cannot be inferred (give one item a value)",
              ]),
        .init(name: "ids that name nothing", files: [
            "things": file("Thing", #"[{"id": "a", "productId": "nope", "brandIds": ["apple", "acme"], "widgetId": "w9"}]"#),
            "widgets": file("Widget", #"[{"id": "w1"}]"#),
        ], problems: [
            "collections/things.json: items[0].productId: no product \"nope\" (not in products/*.json)",
            "collections/things.json: items[0].brandIds[1]: no brand \"acme\" (not in brands.json)",
            "collections/things.json: items[0].widgetId: no widget \"w9\" (not in collections/widgets.json)",
        ]),
        .init(name: "a link id that is not text", files: ["things": file("Thing", #"[{"id": "a", "productId": 12}]"#)],
              problems: ["collections/things.json: items[0].productId: a link to products: expected a string, found an integer"]),
        .init(name: "a resolved name the items already use", files: ["things": file("Thing", #"[{"id": "a", "productId": "iphone-15", "product": "x"}]"#)],
              problems: ["collections/things.json: items[0].product: \"product\" is resolved from \"productId\": rename one of them"]),
        .init(name: "names the shop schema has", files: ["products": file("Brand", #"[{"id": "a"}]"#)], problems: [
            "collections/products.json: $: Query.products already exists in the shop schema: rename the collection (or give another \"singular\")",
            "collections/products.json: singular: Query.product already exists in the shop schema: rename the collection (or give another \"singular\")",
            "collections/products.json: type: the type Brand already exists in the shop schema: choose another \"type\"",
        ]),
        .init(name: "names another collection has", files: ["things": file("Thing", #"[{"id": "a"}]"#), "others": file("Thing", #"[{"id": "b"}]"#, extra: #""singular": "thing", "#)],
              problems: [
                "collections/things.json: singular: Query.thing is also made by collections/others.json",
                "collections/things.json: type: the type Thing is also made by collections/others.json",
                "collections/things.json: type: the type ThingConnection is also made by collections/others.json",
                "collections/things.json: type: the type ThingEdge is also made by collections/others.json",
                "collections/things.json: type: the type ThingWhere is also made by collections/others.json",
              ]),
        .init(name: "names that are not GraphQL names", files: ["my-things": file("9Thing", #"[{"id": "a", "bad-field": 1}]"#)], problems: [
            "collections/my-things.json: $: the file name \"my-things\" is not a GraphQL name: it becomes the query field, so use letters, digits and _ (like \"homeSections.json\")",
            "collections/my-things.json: type: \"9Thing\" is not a GraphQL type name (letters, digits and _, not starting with a digit or __)",
            "collections/my-things.json: items[0].bad-field: \"bad-field\" is not a GraphQL field name (letters, digits and _, not starting with a digit or __)",
        ]),
        .init(name: "unknown keys and undescribable fields", files: ["things": file("Thing", #"[{"id": "a"}]"#, extra: #""colour": "red", "fields": {"nope": "x", "id": 3}, "#)],
              problems: [
                "collections/things.json: colour: unknown key (expected one of \"type\", \"description\", \"singular\", \"fields\", \"items\")",
                "collections/things.json: fields.id: expected a non-empty description string, found a number",
                "collections/things.json: fields.nope: no item has a field \"nope\" to describe",
              ]),
        .init(name: "arrays of objects and a singular that cannot be guessed", files: ["staff": file("Person", #"[{"id": "a", "parts": [{"x": 1}]}]"#)],
              problems: [
                "collections/staff.json: $: \"staff\" does not end in s, so its singular cannot be guessed: give one as \"singular\"",
                "collections/staff.json: items[0].parts[0]: expected a string, number or boolean (arrays hold scalars of one kind), found an object",
                "collections/staff.json: items[0].parts: \"parts\" is null wherever it is given: its type cannot be inferred (give one item a value)",
              ]),
        .init(name: "a file that is not an object", files: ["things": "[1, 2]"],
              problems: [#"collections/things.json: $: expected an object like {"type": "Banner", "description": "…", "items": […]}, found an array"#]),
    ]

    @Test(arguments: problems) func everyProblemIsReportedWithItsPlace(_ testCase: ProblemCase) {
        do {
            _ = try Fixtures.load(Self.source(testCase.files))
            Issue.record("loaded without problems")
        } catch {
            #expect(error.problems.map(\.description) == testCase.problems)
        }
    }

    static func run(_ query: String, _ simulator: Simulator) -> String {
        simulator.execute(GraphQLRequest(query: query)).serialized(pretty: false)
    }

    @Test func pagesFollowTheCursorRulesOfProducts() throws {
        let simulator = try Simulator()
        let first = Self.run("{ banners(first: 2) { nodes { id } pageInfo { hasNextPage hasPreviousPage endCursor } totalCount } }", simulator)
        let page = try JSONParser.parse(first)
        let cursor = try #require(page["data"]?["banners"]?["pageInfo"]?["endCursor"]?.stringValue)
        #expect(first.contains(#""nodes":[{"id":"banner-spring-phones"},{"id":"banner-iphone-15"}],"pageInfo":{"hasNextPage":true,"hasPreviousPage":false"#))
        #expect(first.hasSuffix(#""totalCount":4}}}"#))
        let second = Self.run(#"{ banners(first: 2, after: "\#(cursor)") { nodes { id } pageInfo { hasNextPage hasPreviousPage } } }"#, simulator)
        #expect(second == #"{"data":{"banners":{"nodes":[{"id":"banner-free-shipping"},{"id":"banner-noise-cancelling"}],"pageInfo":{"hasNextPage":false,"hasPreviousPage":true}}}}"#)
        // `where` counts only the matches, and `hasPreviousPage` looks only at matches before the cursor.
        let filtered = Self.run(#"{ banners(where: {fixed: false}, after: "\#(cursor)") { nodes { id } pageInfo { hasPreviousPage } totalCount } }"#, simulator)
        #expect(filtered == #"{"data":{"banners":{"nodes":[{"id":"banner-noise-cancelling"}],"pageInfo":{"hasPreviousPage":true},"totalCount":3}}}"#)

        let foreign = Self.run(#"{ faqs(after: "\#(cursor)") { totalCount } }"#, simulator)
        #expect(foreign.contains(#"Argument \"after\" is not a cursor for faqs"#) && foreign.contains("BAD_USER_INPUT"))
        let productCursor = "djF8cHJvZHVjdHN8RkVBVFVSRUR8aXBob25lLTE1LXByb3xpOjM="
        #expect(Self.run(#"{ banners(after: "\#(productCursor)") { totalCount } }"#, simulator).contains("BAD_USER_INPUT"))
        #expect(Self.run(#"{ products(after: "\#(cursor)") { totalCount } }"#, simulator).contains("BAD_USER_INPUT"))
        #expect(Self.run("{ banners(first: 0) { totalCount } }", simulator).contains(#"Argument \"first\" must be between 1 and 100, got 0."#))
    }

    @Test func linksResolveToLiveProductsBrandsAndItems() throws {
        let simulator = try Simulator()
        _ = Self.run(#"mutation { addToCart(productId: "iphone-15-pro", quantity: 2) { cart { totalQuantity } } }"#, simulator)
        let home = Self.run(#"{ homeSection(id: "section-shops") { shops { name brand { name } } } banner(id: "banner-iphone-15") { action { product { id } } } section: homeSection(id: "section-new-phones") { products { id quantityInCart } } nothing: faq(id: "nope") { id } }"#, simulator)
        #expect(home.contains(#""shops":[{"name":"Apple Corner","brand":{"name":"Apple"}},{"name":"Sound Lab","brand":{"name":"Sony"}}"#))
        #expect(home.contains(#""action":{"product":{"id":"iphone-15"}}"#))
        #expect(home.contains(#"{"id":"iphone-15-pro","quantityInCart":2}"#))
        #expect(home.hasSuffix(#""nothing":null}}"#))
    }

    @Test func aNewFileOnDiskBecomesAQueryWithNoSwift() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("collections-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        defer { try? FileManager.default.removeItem(at: folder) }
        for subfolder in ["products", "collections", "storefront"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
        }
        for file in FixtureSource.bundled.files {
            try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.path))
        }
        let pages = Self.file("OnboardingPage", #"[{"id": "p1", "title": "Hi", "step": 1}, {"id": "p2", "title": "Cart", "step": 2}, {"id": "p3", "title": "Pay", "step": 3}, {"id": "p4", "title": "Done", "step": 4}]"#)
        try Data(pages.utf8).write(to: folder.appendingPathComponent("collections/onboardingPages.json"))
        let simulator = try Simulator(fixtures: try FixtureSource.directory(folder.path))
        #expect(Self.run(#"{ onboardingPages(first: 3) { nodes { title step } } onboardingPage(id: "p4") { title } }"#, simulator)
            == #"{"data":{"onboardingPages":{"nodes":[{"title":"Hi","step":1},{"title":"Cart","step":2},{"title":"Pay","step":3}]},"onboardingPage":{"title":"Done"}}}"#)
        #expect(simulator.sdl.contains("type OnboardingPage {"))
        #expect(simulator.sdl.contains("onboardingPages(\n"))
    }

    /// The bundled `Home` operation reads the bundled collections: over fixtures without them the
    /// other bundled operations still load, and a scenario sending `Home` is told why it cannot.
    @Test func theBundledHomeOperationNeedsTheBundledCollections() throws {
        let text = "scenario \"Home\"\nstep \"home\"\n  send Home\n  expect $.data.homeSections.nodes count == 4\n"
        let bundled = try Simulator()
        let report = bundled.runLive([try bundled.parseScenario(text, file: "home.scenario").get()])
        #expect(report.passed && report.count(.passed) == 1)

        let bare = try Simulator(fixtures: Self.source([:]))
        guard case .failure(let error) = bare.parseScenario(text, file: "home.scenario") else {
            Issue.record("expected a load error")
            return
        }
        #expect(error.diagnostics.map(\.message) == [
            "operation \"Home\" is written for the bundled fixtures and cannot run on these: Unknown type \"Banner\"."
        ])
        #expect(throws: Never.self) { try bare.parseScenario("scenario \"B\"\nstep \"b\"\n  send Brands\n", file: "b.scenario").get() }
    }
}
