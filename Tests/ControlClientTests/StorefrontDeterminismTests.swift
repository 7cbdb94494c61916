import Foundation
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// A Storefront journey (browse → variant → cart → discount → gift card → delivery → checkout
/// page) sent by a real `URLSession` to two `checkout-sim serve` processes answers with the same
/// bytes on both (docs/storefront.md): ids, tokens, costs and the journal alike. Only the origin
/// differs (each server has its own port), so it is replaced before comparing.
struct StorefrontDeterminismTests {
    static let steps: [String] = [
        #"{"query":"query Listing { products(first: 3) { nodes { id handle title vendor priceRange { minVariantPrice { amount currencyCode } } variants(first: 5) { nodes { id title availableForSale } } } pageInfo { endCursor } } }"}"#,
        #"{"query":"query Product($handle: String) { product(handle: $handle) { id options { name optionValues { name } } selectedOrFirstAvailableVariant(selectedOptions: [{name: \"Colour\", value: \"Beige\"}, {name: \"Storage\", value: \"256 GB\"}]) { id title price { amount } quantityAvailable } } }","variables":{"handle":"galaxy-tab-s9"}}"#,
        #"{"query":"mutation Create { cartCreate(input: {lines: [{merchandiseId: \"gid://shopify/ProductVariant/1000016004\", quantity: 1}], discountCodes: [\"WELCOME10\"], giftCardCodes: [\"GIFT-25-DEMO\"], delivery: {addresses: [{address: {deliveryAddress: {firstName: \"Ada\", city: \"Springfield\", countryCode: US}}, selected: true}]}}) { cart { id checkoutUrl createdAt cost { subtotalAmount { amount } totalAmount { amount } checkoutChargeAmount { amount } } discountCodes { code applicable } appliedGiftCards { id amountUsed { amount } } deliveryGroups(first: 1) { nodes { id deliveryOptions { handle estimatedCost { amount } } } } } userErrors { code } warnings { code } } }"}"#,
    ]

    /// The journey's answers, the checkout page and the journal from one fresh server, with its
    /// origin replaced by `ORIGIN`.
    static func journey() async throws -> [String] {
        var answers: [String] = []
        try await ServerProcess.with { base in
            let session = URLSession(configuration: .ephemeral)
            let origin = base.absoluteString.hasSuffix("/") ? String(base.absoluteString.dropLast()) : base.absoluteString
            func post(_ body: String) async throws -> String {
                var request = URLRequest(url: base.appendingPathComponent("api/2026-04/graphql.json"))
                request.httpMethod = "POST"
                request.setValue("application/json", forHTTPHeaderField: "Content-Type")
                request.httpBody = Data(body.utf8)
                let (data, response) = try await session.data(for: request)
                #expect((response as? HTTPURLResponse)?.statusCode == 200)
                return String(decoding: data, as: UTF8.self)
            }
            for step in steps { answers.append(try await post(step)) }
            let created = try #require(answers.last)
            #expect(created.contains(#""userErrors":[]"#), "\(created)")
            let checkout = try #require(created.range(of: #""checkoutUrl":""#).map { created[$0.upperBound...].prefix { $0 != "\"" } })
            let id = try #require(created.range(of: #""id":""#).map { created[$0.upperBound...].prefix { $0 != "\"" } })
            answers.append(try await post(#"{"query":"mutation Add($id: ID!) { cartLinesAdd(cartId: $id, lines: [{merchandiseId: \"gid://shopify/ProductVariant/1000018003\", quantity: 2}]) { cart { totalQuantity cost { totalAmount { amount } } lines(first: 5) { nodes { id quantity } } } warnings { code } } }","variables":{"id":"\#(id)"}}"#))
            let page = try await session.data(from: try #require(URL(string: String(checkout))))
            answers.append(String(decoding: page.0, as: UTF8.self))
            let journal = try await session.data(from: base.appendingPathComponent("__sim/requests"))
            answers.append(String(decoding: journal.0, as: UTF8.self))
            answers = answers.map { $0.replacingOccurrences(of: origin, with: "ORIGIN") }
        }
        return answers
    }

    @Test(.enabled(if: ServerProcess.binary != nil)) func twoServersAnswerTheJourneyWithTheSameBytes() async throws {
        let first = try await Self.journey()
        let second = try await Self.journey()
        #expect(first.count == 6)
        #expect(first[2].contains("ORIGIN/checkouts/cn/"), "the checkout URL is the server's own page")
        #expect(first[4].contains("<html"), "the checkout page loads")
        #expect(first[5].contains(#""dialect":"storefront""#))
        for (index, (one, other)) in zip(first, second).enumerated() {
            #expect(one == other, "step \(index) differs:\n\(one)\n\(other)")
        }
    }
}
