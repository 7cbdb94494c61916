import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimGraphQL
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A reader of `multipart/mixed` incremental answers written from the specs alone (RFC 2046's
/// multipart body, the `deferSpec=20220824` payloads), not from the server's writer: it finds the
/// boundary in the media type, splits the body at its delimiters, reads each part's header lines
/// and JSON, and merges every `incremental` item into the data at its `path`.
struct IncrementalReader {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The payloads of `body`, in order.
    static func payloads(contentType: String, body: Data) throws -> [JSON] {
        let parameters = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parameters.first == "multipart/mixed" else { throw Failure(description: "not multipart: \(contentType)") }
        guard let boundaryParameter = parameters.first(where: { $0.hasPrefix("boundary=") }) else { throw Failure(description: "no boundary") }
        let boundary = boundaryParameter.dropFirst("boundary=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\""))
        let text = String(decoding: body, as: UTF8.self)
        // RFC 2046: each delimiter is CRLF, "--" and the boundary; the close delimiter adds "--".
        let delimiter = "\r\n--" + boundary
        var pieces = text.components(separatedBy: delimiter)
        guard pieces.count >= 3, pieces.removeFirst().isEmpty else { throw Failure(description: "the body does not open with CRLF and a delimiter") }
        guard pieces.removeLast() == "--" else { throw Failure(description: "the body does not end with the close delimiter") }
        return try pieces.map { piece in
            guard piece.hasPrefix("\r\n"), let split = piece.range(of: "\r\n\r\n") else { throw Failure(description: "a part without headers: \(piece)") }
            // "\r\n" is one Character: dropping the first drops the CRLF.
            let headers = piece.dropFirst()[..<split.lowerBound].components(separatedBy: "\r\n")
            guard headers == ["content-type: application/json; charset=utf-8"] else { throw Failure(description: "headers \(headers)") }
            return try JSONParser.parse(String(piece[split.upperBound...]))
        }
    }

    /// The data the payloads make when merged, checking `hasNext` is true until the last part.
    static func merged(_ payloads: [JSON]) throws -> JSON {
        guard var data = payloads.first?["data"] else { throw Failure(description: "no initial data") }
        for (index, payload) in payloads.enumerated() {
            let last = index == payloads.count - 1
            guard payload["hasNext"] == .bool(!last) else { throw Failure(description: "payload \(index) hasNext \(String(describing: payload["hasNext"]))") }
            guard index > 0 else { continue }
            guard let items = payload["incremental"]?.arrayValue, !items.isEmpty else { throw Failure(description: "payload \(index) has no incremental items") }
            for item in items {
                guard let path = item["path"]?.arrayValue, case .object(let fields)? = item["data"] else { throw Failure(description: "item \(item)") }
                data = try merge(fields, into: data, at: path[...])
            }
        }
        return data
    }

    private static func merge(_ fields: JSONObject, into value: JSON, at path: ArraySlice<JSON>) throws -> JSON {
        guard let step = path.first else {
            guard case .object(var object) = value else { throw Failure(description: "the path ends at \(value)") }
            for (key, field) in fields.members {
                if case .object(let more) = field, let existing = object[key], case .object = existing {
                    object[key] = try merge(more, into: existing, at: [])
                } else {
                    object[key] = field
                }
            }
            return .object(object)
        }
        switch (step, value) {
        case (.string(let key), .object(var object)):
            guard let child = object[key] else { throw Failure(description: "no \(key) to merge into") }
            object[key] = try merge(fields, into: child, at: path.dropFirst())
            return .object(object)
        case (.int(let index), .array(var items)) where items.indices.contains(index):
            items[index] = try merge(fields, into: items[index], at: path.dropFirst())
            return .array(items)
        default:
            throw Failure(description: "path step \(step) does not fit \(value)")
        }
    }
}

/// `@defer` (docs/apollo.md#defer): deferred fragments come as parts whose merged data is the
/// plain answer, in the framing Apollo iOS reads; clients that take only JSON get one answer.
struct DeferTests {
    static let multipartAccept = "multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json"

    /// The payloads the simulator cuts an answer into (the library's path, no HTTP).
    static func payloads(_ query: String, variables: JSONObject = JSONObject(), dialect: Simulator.Dialect = .native) throws -> [JSON]? {
        let simulator = try Simulator()
        return IncrementalDelivery.payloads(of: simulator.execute(GraphQLRequest(query: query, variables: variables), dialect: dialect))
    }

    @Test func aDeferredFragmentInAListIsOnePartPerItem() throws {
        let query = #"{ brands { id ... @defer(label: "names") { name } } }"#
        let payloads = try #require(try Self.payloads(query))
        let plain = try Simulator().execute(GraphQLRequest(query: query)).json["data"]
        #expect(payloads.first == .object(JSONObject([
            ("data", .object(JSONObject([("brands", .array(["apple", "samsung", "google", "sony", "bose", "dell", "lenovo", "garmin"].map {
                .object(JSONObject([("id", .string($0))]))
            }))]))),
            ("hasNext", true),
        ])))
        #expect(payloads.count == 9)
        #expect(payloads[1] == .object(JSONObject([
            ("incremental", .array([.object(JSONObject([("data", .object(JSONObject([("name", "Apple")]))), ("path", ["brands", 0]), ("label", "names")]))])),
            ("hasNext", true),
        ])))
        #expect(payloads.last?["incremental"]?[0]?["path"] == ["brands", 7])
        #expect(try IncrementalReader.merged(payloads) == plain)
    }

    /// A part inside another's fields comes after it, even when its fragment is written first.
    @Test func nestedPartsComeAfterTheirParents() throws {
        let query = """
            fragment Titles on ProductVariant { ... @defer(label: "inner") { title } }
            query Product { product(id: "galaxy-tab-s9") { id ... @defer(label: "outer") { name variants { id ...Titles } } } }
            """
        let payloads = try #require(try Self.payloads(query))
        let labels = payloads.dropFirst().compactMap { $0["incremental"]?[0]?["label"]?.stringValue }
        #expect(labels == ["outer", "inner", "inner", "inner", "inner"], "one outer part, then each of the four variants' titles")
        #expect(payloads[0]["data"] == .object(JSONObject([("product", .object(JSONObject([("id", "galaxy-tab-s9")])))])))
        // The outer part brings the variants without their deferred titles.
        #expect(payloads[1]["incremental"]?[0]?["data"]?["variants"]?[0]?["title"] == nil)
        #expect(try IncrementalReader.merged(payloads) == Simulator().execute(GraphQLRequest(query: query)).json["data"])
    }

    @Test func aFragmentNotDeferredOrDeferredOffAnswersWhole() throws {
        #expect(try Self.payloads(#"{ brands { id ... @defer(if: false) { name } } }"#) == nil)
        #expect(try Self.payloads(#"query ($later: Boolean!) { brands { id ... @defer(if: $later) { name } } }"#, variables: ["later": false]) == nil)
        #expect(try Self.payloads(#"query ($later: Boolean!) { brands { id ... @defer(if: $later) { name } } }"#, variables: ["later": true])?.count == 9)
        // A field also selected outside the deferred fragment comes at once.
        let shared = try #require(try Self.payloads(#"{ brands { id name ... @defer { name productCount } } }"#))
        #expect(shared[0]["data"]?["brands"]?[0] == .object(JSONObject([("id", "apple"), ("name", "Apple")])))
        #expect(shared[1]["incremental"]?[0]?["data"]?["name"] == nil)
        #expect(shared[1]["incremental"]?[0]?["label"] == nil, "no label when the document gives none")
        // Also when the deferred fragment selects it first.
        let first = try #require(try Self.payloads(#"{ brands { id ... @defer { name productCount } name } }"#))
        #expect(first[0]["data"]?["brands"]?[0] == .object(JSONObject([("id", "apple"), ("name", "Apple")])))
        #expect(first[1]["incremental"]?[0]?["data"]?.objectValue?.keys == ["productCount"])
    }

    @Test(arguments: [
        (#"{ brands { ... @defer(label: "a") { id } ... @defer(label: "a") { name } } }"#,
         #"Value for arguments "defer(label:)" and "stream(label:)" must be unique across all Defer/Stream directive usages."#),
        (#"query ($l: String) { brands { ... @defer(label: $l) { id } } }"#, #"Argument "@defer(label:)" must be a static string."#),
        (#"mutation { ... @defer { clearCart { cart { totalQuantity } } } }"#, #"Defer directive cannot be used on root mutation type "Mutation"."#),
    ])
    func misplacedOrMislabelledDefersAreRefused(query: String, message: String) throws {
        let response = try Simulator().execute(GraphQLRequest(query: query))
        #expect(response.errors.map(\.message).contains(message), "\(response.errors.map(\.message))")
    }

    /// Hydrogen's own `cartDiscountCodesUpdate` (its cart deferred), over a real socket: the parts'
    /// merged data is the plain answer another sandbox gets for the same steps.
    @Test func hydrogensDeferredDiscountCodesAnswerInParts() async throws {
        try await ServerHarness.with { harness in
            let create = #"mutation { cartCreate(input: {lines: [{merchandiseId: "gid://shopify/ProductVariant/1000001001", quantity: 2}]}) { cart { id } } }"#
            var answers: [(contentType: String, body: Data)] = []
            var carts: [String] = []
            for (sandbox, accept) in [("parts", Self.multipartAccept), ("whole", "application/json")] {
                let created = try await harness.send("POST", "/sandbox/\(sandbox)/api/2026-04/graphql.json", body: StorefrontHTTPTests.body(create), headers: StorefrontHTTPTests.headers)
                let cartID = try #require(try JSONParser.parse(created.body)["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue)
                carts.append(cartID)
                let body = JSON.object(JSONObject([
                    ("query", .string(Self.hydrogenDiscountCodesUpdate)),
                    ("variables", .object(JSONObject([("cartId", .string(cartID)), ("discountCodes", ["WELCOME10"])]))),
                ])).serialized()
                var request = URLRequest(url: try harness.url("/sandbox/\(sandbox)/api/2026-04/graphql.json"))
                request.httpMethod = "POST"
                request.httpBody = Data(body.utf8)
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.setValue(accept, forHTTPHeaderField: "Accept")
                let (data, response) = try await harness.session.data(for: request)
                let http = try #require(response as? HTTPURLResponse)
                #expect(http.statusCode == 200)
                #expect(http.value(forHTTPHeaderField: "X-Shopify-API-Version") == "2026-04")
                answers.append((http.value(forHTTPHeaderField: "Content-Type") ?? "", data))
            }
            #expect(answers[0].contentType == #"multipart/mixed; boundary="-"; deferSpec=20220824"#)
            #expect(answers[0].body.starts(with: Array("\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n".utf8)))
            let payloads = try IncrementalReader.payloads(contentType: answers[0].contentType, body: answers[0].body)
            #expect(payloads.count == 2)
            #expect(payloads[0]["data"]?["cartDiscountCodesUpdate"]?["cart"] == nil, "the cart comes later")
            #expect(payloads[1]["incremental"]?[0]?["path"] == ["cartDiscountCodesUpdate"])
            // The same answer but for the sandbox and its cart's token and key (each sandbox draws its
            // own); merged keys come in arrival order, so the two are compared with keys sorted, as
            // JSON compares objects.
            func tokenAndKey(_ id: String) -> [Substring] { id.dropFirst("gid://shopify/Cart/".count).split(separator: "?key=") }
            var whole = String(decoding: answers[1].body, as: UTF8.self).replacingOccurrences(of: "/sandbox/whole/", with: "/sandbox/parts/")
            for (theirs, ours) in zip(tokenAndKey(carts[1]), tokenAndKey(carts[0])) { whole = whole.replacingOccurrences(of: theirs, with: ours) }
            let plain = try JSONParser.parse(whole)
            #expect(answers[1].contentType == "application/json; charset=utf-8")
            #expect(StorefrontSchemaTests.canonical(try IncrementalReader.merged(payloads)) == StorefrontSchemaTests.canonical(try #require(plain["data"])))
            #expect(plain["data"]?["cartDiscountCodesUpdate"]?["cart"]?["totalQuantity"] == 2)
            // The journal keeps one entry with the whole answer.
            let journal = try JSONParser.parse(try await harness.send("GET", "/sandbox/parts/__sim/requests").body)
            #expect(journal["total"] == 2)
        }
    }

    /// A latency fault waits between the initial part and the deferred parts (docs/apollo.md#defer):
    /// over a real socket the first part comes at once and the rest after the latency; an answer
    /// that comes whole waits before all of it; through the URL protocol the parts come after it.
    @Test func aLatencyWaitsBetweenTheParts() async throws {
        try await ServerHarness.with { harness in
            _ = try await harness.send("POST", "/__sim/network", body: #"{"latencyMs": 1500}"#)
            let port = harness.port
            // The reads wait through the latency off the task pool.
            let (first, rest, whole) = try await Processes.offPool { () throws -> (Duration, Duration, Duration) in
                func post(_ query: String) throws -> RawHTTPClient {
                    let client = try RawHTTPClient(port: port)
                    let body = StorefrontHTTPTests.body(query)
                    try client.send("POST /graphql HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nAccept: \(Self.multipartAccept)\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)")
                    return client
                }
                let clock = ContinuousClock()
                var start = clock.now
                let parts = try post(#"{ product(id: "pixel-8") { name ... @defer { stock } } }"#)
                try parts.read(through: #""hasNext":true}"#)
                let first = clock.now - start
                try parts.read(through: "\r\n-----")
                let rest = clock.now - start
                // `@defer(if: false)` answers whole: all of it waits.
                start = clock.now
                let whole = try post(#"{ product(id: "pixel-8") { name ... @defer(if: false) { stock } } }"#)
                try whole.read(through: "HTTP/1.1 200")
                return (first, rest, clock.now - start)
            }
            #expect(first < .milliseconds(1000), "the initial part came at once: \(first)")
            #expect(rest >= .milliseconds(1450), "the deferred part waited the latency: \(rest)")
            #expect(whole >= .milliseconds(1450), "the whole answer waited")
        }
        // Through the URL protocol, the parts come after the latency, whole.
        let simulator = try Simulator()
        let configuration = URLSessionConfiguration.ephemeral
        let route = SimulatorURLProtocol.register(simulator, baseURL: "https://shop.test/graphql", in: configuration)
        defer { route.unregister() }
        route.setLatency(.milliseconds(300))
        var request = URLRequest(url: try #require(URL(string: "https://shop.test/graphql")))
        request.httpMethod = "POST"
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.setValue(Self.multipartAccept, forHTTPHeaderField: "Accept")
        request.httpBody = Data(StorefrontHTTPTests.body(#"{ product(id: "pixel-8") { name ... @defer { stock } } }"#).utf8)
        let clock = ContinuousClock()
        let start = clock.now
        let (data, response) = try await URLSession(configuration: configuration).data(for: request)
        #expect(clock.now - start >= .milliseconds(290))
        let payloads = try IncrementalReader.payloads(contentType: (response as? HTTPURLResponse)?.value(forHTTPHeaderField: "Content-Type") ?? "", body: data)
        #expect(try IncrementalReader.merged(payloads) == simulator.execute(GraphQLRequest(query: #"{ product(id: "pixel-8") { name stock } }"#)).json["data"])
    }

    /// Hydrogen's `CART_DISCOUNT_CODE_UPDATE_MUTATION` with its default fragments, as it sends it.
    static let hydrogenDiscountCodesUpdate = """
        mutation cartDiscountCodesUpdate(
          $cartId: ID!
          $discountCodes: [String!]!
          $country: CountryCode = ZZ
          $language: LanguageCode
        ) @inContext(country: $country, language: $language) {
          cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) {
            ... @defer {
              cart {
                ...CartApiMutation
              }
            }
            userErrors {
              ...CartApiError
            }
            warnings {
              ...CartApiWarning
            }
          }
        }
        fragment CartApiMutation on Cart {
          id
          totalQuantity
          checkoutUrl
        }
        fragment CartApiError on CartUserError {
          message
          field
          code
        }
        fragment CartApiWarning on CartWarning {
          code
          message
          target
        }
        """
}
