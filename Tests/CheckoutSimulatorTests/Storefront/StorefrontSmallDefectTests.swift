import CheckoutSimGraphQL
import CheckoutSimSupport
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimStorefront

/// The smaller defects of the Storefront hostile sweep (issue 59, item 10), each pinned.
struct StorefrontSmallDefectTests {
    /// Every status the server sends has its RFC 9110 reason phrase (the thank-you redirect's
    /// status line read `303 Status 303`).
    @Test func statusLinesCarryTheirReasonPhrases() async throws {
        var configuration = SimulatorServer.Configuration()
        configuration.storefrontToken = "public-token"
        try await ServerHarness.with(configuration) { harness in
            try await CheckoutPageBrowserTests.fillCart(harness, session: "thanks", quantity: 1)
            let paid = try await harness.post(
                #"{"query": "mutation { checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}}) { order { id } } }"}"#,
                session: "thanks")
            #expect(paid.body.contains("order-1001"))
            #expect(try await harness.send("POST", "/__sim/levers", body: #"{"checkout": {"next": "expired"}}"#).status == 200)
            let client = try harness.raw()
            let requests = [
                ("GET /checkout/thank-you?session=thanks&order_id=order-1001 HTTP/1.1\r\nHost: shop\r\n\r\n", "HTTP/1.1 303 See Other"),
                ("POST /api/2026-04/graphql HTTP/1.1\r\nHost: shop\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}", "HTTP/1.1 401 Unauthorized"),
                ("GET /checkout HTTP/1.1\r\nHost: shop\r\n\r\n", "HTTP/1.1 410 Gone"),
            ]
            for (request, line) in requests {
                try client.send(request)
                let response = try client.response()
                #expect(response.head.hasPrefix(line + "\r\n"), "\(response.head)")
            }
        }
        #expect(HTTPAnswer.reason(418) == "Status 418", "a status RFC 9110 does not name")
    }
}

extension StorefrontSmallDefectTests {
    /// A global id is the one the server writes: a leading zero or a sign makes another id, which
    /// names nothing (`…/01000001001` added the variant `…/1000001001`).
    @Test(arguments: ["gid://shopify/ProductVariant/01000001001", "gid://shopify/ProductVariant/+1000001001", "gid://shopify/ProductVariant/1000001001 ",
                      "gid://shopify/ProductVariant/"])
    func anIdIsWrittenOneWayOnly(_ id: String) async throws {
        let simulator = try Simulator()
        let query = #"mutation { cartCreate(input: {lines: [{merchandiseId: "\#(id)"}]}) { cart { totalQuantity } userErrors { code field } } }"#
        let answer = simulator.execute(GraphQLRequest(query: query), session: "default", dialect: .storefront).serialized(pretty: false)
        #expect(answer == #"{"data":{"cartCreate":{"cart":null,"userErrors":[{"code":"INVALID","field":["input","lines","0","merchandiseId"]}]}}}"#, "\(answer)")
        let node = simulator.execute(GraphQLRequest(query: #"{ node(id: "\#(id)") { id } }"#), session: "default", dialect: .storefront)
        #expect(node.serialized(pretty: false) == #"{"data":{"node":null}}"#)
    }

    @Test func theIdsTheServerWritesStillRead() throws {
        let simulator = try Simulator()
        let query = #"{ node(id: "gid://shopify/ProductVariant/1000001001") { id } product(id: "gid://shopify/Product/1000001") { id } }"#
        #expect(simulator.execute(GraphQLRequest(query: query), session: "default", dialect: .storefront).serialized(pretty: false)
                == #"{"data":{"node":{"id":"gid://shopify/ProductVariant/1000001001"},"product":{"id":"gid://shopify/Product/1000001"}}}"#)
        let padded = #"{ product(id: "gid://shopify/Product/01000001") { id } }"#
        #expect(simulator.execute(GraphQLRequest(query: padded), session: "default", dialect: .storefront).serialized(pretty: false) == #"{"data":{"product":null}}"#)
    }
}

extension StorefrontSmallDefectTests {
    /// A discount code over 255 characters is refused at its place, not cut to fit, and the
    /// answer does not echo it (it was cut silently while its warning repeated it).
    @Test func aLongDiscountCodeIsRefusedNotCut() throws {
        let simulator = try Simulator()
        let long = String(repeating: "W", count: 300_000)
        func run(_ query: String) -> String {
            simulator.execute(GraphQLRequest(query: query), session: "default", dialect: .storefront).serialized(pretty: false)
        }
        let created = run(#"mutation { cartCreate(input: {discountCodes: ["WELCOME10", "\#(long)"]}) { cart { id } userErrors { code field message } } }"#)
        #expect(created == #"{"data":{"cartCreate":{"cart":null,"userErrors":[{"code":"INVALID","field":["input","discountCodes","1"],"message":"A discount code is at most 255 characters; this one has 300000."}]}}}"#)
        let id = try #require(try JSONParser.parse(Array(run(#"mutation { cartCreate(input: {}) { cart { id } } }"#).utf8))["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue)
        let updated = run(#"mutation { cartDiscountCodesUpdate(cartId: "\#(id)", discountCodes: ["\#(String(long.prefix(256)))"]) { cart { discountCodes { code } } userErrors { code field } warnings { code } } }"#)
        #expect(updated == #"{"data":{"cartDiscountCodesUpdate":{"cart":{"discountCodes":[]},"userErrors":[{"code":"INVALID","field":["discountCodes","0"]}],"warnings":[]}}}"#)
        let fits = run(#"mutation { cartDiscountCodesUpdate(cartId: "\#(id)", discountCodes: ["\#(String(long.prefix(255)))"]) { cart { discountCodes { code } } userErrors { code } } }"#)
        #expect(fits.contains(String(long.prefix(255))) && fits.contains(#""userErrors":[]"#), "255 characters fit")
    }
}

extension StorefrontSmallDefectTests {
    /// A request body that is not UTF-8 is refused (400) on both endpoints, not repaired and run.
    @Test func aBodyThatIsNotUTF8IsRefused() async throws {
        try await ServerHarness.with { harness in
            for path in ["/graphql", "/api/2026-04/graphql.json"] {
                var request = URLRequest(url: try harness.url(path))
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(#"{"query": "{ __typename }", "operationName": null, "variables": {"x": ""#.utf8) + Data([0xC0, 0x80]) + Data(#""}}"#.utf8)
                let (data, response) = try await harness.session.data(for: request)
                let body = String(decoding: data, as: UTF8.self)
                #expect((response as? HTTPURLResponse)?.statusCode == 400, "\(path): \(body)")
                #expect(body.contains("not valid UTF-8"), "\(path): \(body)")
            }
        }
    }
}

extension StorefrontSmallDefectTests {
    struct ContentCase: CustomTestStringConvertible, Sendable {
        let query: String
        let answer: String
        var testDescription: String { query }
    }

    /// `pages`, `blogs` and `articles` read their `query` in Shopify's search syntax (they
    /// answered every item whatever it said).
    @Test(arguments: [
        ContentCase(query: #"{ pages(first: 5, query: "title:contact") { nodes { handle } } }"#, answer: #"{"data":{"pages":{"nodes":[{"handle":"contact"}]}}}"#),
        ContentCase(query: #"{ pages(first: 5, query: "questions") { nodes { handle } } }"#, answer: #"{"data":{"pages":{"nodes":[{"handle":"faq"}]}}}"#),
        ContentCase(query: #"{ pages(first: 5, query: "handle:ab*") { nodes { handle } } }"#, answer: #"{"data":{"pages":{"nodes":[{"handle":"about"}]}}}"#),
        ContentCase(query: #"{ pages(first: 5, query: "-handle:about") { nodes { handle } } }"#, answer: #"{"data":{"pages":{"nodes":[{"handle":"contact"},{"handle":"faq"}]}}}"#),
        ContentCase(query: #"{ pages(first: 5, query: "") { nodes { handle } } }"#, answer: #"{"data":{"pages":{"nodes":[{"handle":"about"},{"handle":"contact"},{"handle":"faq"}]}}}"#),
        ContentCase(query: #"{ blogs(first: 5, query: "title:journal") { nodes { handle } } }"#, answer: #"{"data":{"blogs":{"nodes":[]}}}"#),
        ContentCase(query: #"{ blogs(first: 5, query: "handle:news") { nodes { handle } } }"#, answer: #"{"data":{"blogs":{"nodes":[{"handle":"news"}]}}}"#),
        ContentCase(query: #"{ articles(first: 5, query: "tag:shipping") { nodes { handle } } }"#, answer: #"{"data":{"articles":{"nodes":[{"handle":"free-shipping"}]}}}"#),
        ContentCase(query: #"{ articles(first: 5, query: "author:\"ben lindqvist\"") { nodes { handle } } }"#, answer: #"{"data":{"articles":{"nodes":[{"handle":"free-shipping"}]}}}"#),
        ContentCase(query: #"{ articles(first: 5, query: "author:ben OR spring") { nodes { handle } } }"#, answer: #"{"data":{"articles":{"nodes":[{"handle":"spring-phones"}]}}}"#),
        ContentCase(query: #"{ articles(first: 5, query: "blog_title:news AND NOT tag:phones") { nodes { handle } } }"#, answer: #"{"data":{"articles":{"nodes":[{"handle":"free-shipping"}]}}}"#),
    ])
    func contentListsReadTheirQuery(_ testCase: ContentCase) throws {
        let simulator = try Simulator()
        let answer = simulator.execute(GraphQLRequest(query: testCase.query), session: "default", dialect: .storefront).serialized(pretty: false)
        #expect(answer == testCase.answer)
    }
}

/// Search-like texts are read to a bound (issue 59, item 3: `predictiveSearch` on "a" and
/// 100,000 combining accents ran 7–9 s; its query had no bound while `search`'s had one).
struct SearchTextBoundTests {
    static func run(_ query: String) throws -> String {
        try Simulator().execute(GraphQLRequest(query: query), session: "default", dialect: .storefront).serialized(pretty: false)
    }

    /// Only the first 4,096 bytes of a predictive query are read, as `search` reads its own: a
    /// word past them is not typed.
    @Test func aPredictiveQueryIsReadToItsFirst4096Bytes() throws {
        let padded = "iph" + String(repeating: " ", count: 4_100) + "zzz"
        let answer = try Self.run(#"{ predictiveSearch(query: "\#(padded)", types: [PRODUCT]) { products { handle } } }"#)
        #expect(answer.contains(#""handle":"iphone-15""#), "zzz lies past the bound: \(answer.prefix(300))")
        let typed = try Self.run(#"{ predictiveSearch(query: "iph zzz", types: [PRODUCT]) { products { handle } } }"#)
        #expect(typed == #"{"data":{"predictiveSearch":{"products":[]}}}"#)
        // A character cut by the bound is left out whole, not turned into U+FFFD.
        #expect(SearchQuery.readable(String(repeating: "a", count: 4_095) + "é") == String(repeating: "a", count: 4_095))
        #expect(SearchQuery.readable("é" + String(repeating: "a", count: 4_094)).utf8.count == 4_096)
    }

    /// A word of one letter and 100,000 combining accents is one character: it answers, and
    /// matches nothing, since no title has that character.
    @Test func aWordOfManyCombiningAccentsAnswers() throws {
        let accents = "a" + String(repeating: "\u{0301}", count: 100_000)
        let answer = try Self.run(#"{ predictiveSearch(query: "\#(accents)") { products { handle } queries { text } } }"#)
        #expect(answer == #"{"data":{"predictiveSearch":{"products":[],"queries":[]}}}"#)
    }
}
