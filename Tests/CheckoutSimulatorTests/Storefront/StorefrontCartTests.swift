import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// Storefront carts (docs/storefront.md#carts): Shopify's mutations, user errors and warnings
/// over the shop's stock and offers, costs that add up.
struct StorefrontCartTests {
    static let cartFields = """
        id checkoutUrl totalQuantity note attributes { key value } buyerIdentity { email countryCode }
        discountCodes { code applicable }
        discountAllocations { discountedAmount { amount } ... on CartCodeDiscountAllocation { code } }
        cost { subtotalAmount { amount currencyCode } totalAmount { amount } checkoutChargeAmount { amount } }
        lines(first: 10) { nodes { id quantity merchandise { ... on ProductVariant { title product { handle } } }
          cost { amountPerQuantity { amount } subtotalAmount { amount } totalAmount { amount } }
          discountAllocations { discountedAmount { amount } } } }
        """

    static func run(_ simulator: Simulator, _ query: String, _ variables: JSONObject = JSONObject()) -> JSON {
        simulator.execute(GraphQLRequest(query: query, variables: variables), dialect: .storefront).json
    }

    static func create(_ simulator: Simulator, lines: [(String, Int)], codes: [String] = []) -> JSON {
        run(simulator, """
            mutation($input: CartInput) { cartCreate(input: $input) { cart { \(cartFields) } userErrors { code field message } warnings { code message target } } }
            """, ["input": .object(JSONObject([
                ("lines", .array(lines.map { .object(JSONObject([("merchandiseId", .string($0.0)), ("quantity", .int($0.1))])) })),
                ("discountCodes", .array(codes.map(JSON.string))),
                ("note", "Gift wrap, please"), ("attributes", [["key": "source", "value": "test"]]),
                ("buyerIdentity", ["email": "ada@example.com", "countryCode": "US"]),
            ]))])
    }

    /// Σ line totals − cart-level allocations = the cart's total, and subtotal − discounts too.
    static func costsAddUp(_ cart: JSON) -> Bool {
        func cents(_ value: JSON?) -> Int { (value?.stringValue ?? "0").cents }
        let lines = cart["lines"]?["nodes"]?.arrayValue ?? []
        let lineTotals = lines.reduce(0) { $0 + cents($1["cost"]?["totalAmount"]?["amount"]) }
        let cartAllocations = (cart["discountAllocations"]?.arrayValue ?? []).reduce(0) { $0 + cents($1["discountedAmount"]?["amount"]) }
        let lineAllocations = lines.flatMap { $0["discountAllocations"]?.arrayValue ?? [] }.reduce(0) { $0 + cents($1["discountedAmount"]?["amount"]) }
        let subtotal = cents(cart["cost"]?["subtotalAmount"]?["amount"])
        let total = cents(cart["cost"]?["totalAmount"]?["amount"])
        return lineTotals - cartAllocations == total && subtotal - cartAllocations - lineAllocations == total
    }

    @Test func aCartIsCreatedWithLinesACodeAndItsBuyer() throws {
        let simulator = try Simulator()
        let answer = Self.create(simulator, lines: [("gid://shopify/ProductVariant/1000001001", 2), ("gid://shopify/ProductVariant/1000018003", 1)], codes: ["welcome10", "NOPE"])
        let payload = try #require(answer["data"]?["cartCreate"])
        let cart = try #require(payload["cart"])
        let id = try #require(cart["id"]?.stringValue)
        #expect(id.hasPrefix("gid://shopify/Cart/") && id.contains("?key="))
        #expect(cart["checkoutUrl"]?.stringValue?.hasPrefix("https://checkout-sim.myshopify.com/checkouts/cn/") == true)
        #expect(cart["totalQuantity"] == 3)
        #expect(cart["note"] == "Gift wrap, please")
        #expect(cart["buyerIdentity"] == ["email": "ada@example.com", "countryCode": "US"])
        #expect(cart["discountCodes"] == [["code": "welcome10", "applicable": true], ["code": "NOPE", "applicable": false]])
        // 2 × 999.00 + 299.99 = 2297.99; 10 % = 229.80 (half to even) on the whole cart.
        #expect(cart["cost"] == ["subtotalAmount": ["amount": "2297.99", "currencyCode": "USD"], "totalAmount": ["amount": "2068.19"], "checkoutChargeAmount": ["amount": "2068.19"]])
        #expect(cart["discountAllocations"] == [["discountedAmount": ["amount": "229.8"], "code": "WELCOME10"]])
        #expect(Self.costsAddUp(cart))
        #expect(payload["userErrors"] == [])
        #expect(payload["warnings"] == [["code": "DISCOUNT_NOT_FOUND", "message": "The discount code \"NOPE\" does not exist.", "target": .string(id)]])
        // Read back by id, the same cart.
        let read = Self.run(simulator, "query($id: ID!) { cart(id: $id) { \(Self.cartFields) } }", ["id": .string(id)])
        #expect(read["data"]?["cart"] == cart)
        // One attribute by its key; a key the cart lacks is null.
        let attribute = Self.run(simulator, #"query($id: ID!) { cart(id: $id) { attribute(key: "source") { key value } none: attribute(key: "nope") { value } } }"#, ["id": .string(id)])
        #expect(attribute["data"]?["cart"] == ["attribute": ["key": "source", "value": "test"], "none": nil])
    }

    @Test func stockIsWarnedAboutAsShopifyDoesSince202410() throws {
        let simulator = try Simulator()
        // iphone-se has no stock; iphone-15-pro has 8.
        let answer = Self.create(simulator, lines: [("gid://shopify/ProductVariant/1000004001", 1), ("gid://shopify/ProductVariant/1000003001", 3)])
        let id = try #require(answer["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue)
        #expect(answer["data"]?["cartCreate"]?["warnings"]?[0]?["code"] == "MERCHANDISE_OUT_OF_STOCK")
        #expect(answer["data"]?["cartCreate"]?["warnings"]?[0]?["target"] == "gid://shopify/ProductVariant/1000004001")
        #expect(answer["data"]?["cartCreate"]?["cart"]?["totalQuantity"] == 3)
        let more = Self.run(simulator, """
            mutation($id: ID!) { cartLinesAdd(cartId: $id, lines: [{merchandiseId: "gid://shopify/ProductVariant/1000003001", quantity: 9}]) {
              cart { totalQuantity } userErrors { code } warnings { code message } } }
            """, ["id": .string(id)])
        // maxPerOrder is 3 for the iPhone 15 Pro: more than that is a user error, nothing added.
        #expect(more["data"]?["cartLinesAdd"]?["userErrors"] == [["code": "MAXIMUM_EXCEEDED"]])
        #expect(more["data"]?["cartLinesAdd"]?["cart"]?["totalQuantity"] == 3)
        let watch = Self.run(simulator, """
            mutation($id: ID!) { cartLinesAdd(cartId: $id, lines: [{merchandiseId: "gid://shopify/ProductVariant/1000018004", quantity: 5}]) {
              cart { totalQuantity } userErrors { code } warnings { code message } } }
            """, ["id": .string(id)])
        #expect(watch["data"]?["cartLinesAdd"]?["warnings"] == [["code": "MERCHANDISE_NOT_ENOUGH_STOCK", "message": "Only 2 of \"Galaxy Watch6 44 mm\" could be added; 2 were added, not 5."]])
        #expect(watch["data"]?["cartLinesAdd"]?["cart"]?["totalQuantity"] == 5)
    }

    @Test func linesAreUpdatedAndRemovedByTheirIds() throws {
        let simulator = try Simulator()
        let created = Self.create(simulator, lines: [("gid://shopify/ProductVariant/1000001001", 1), ("gid://shopify/ProductVariant/1000002001", 1)])
        let cart = try #require(created["data"]?["cartCreate"]?["cart"])
        let id = try #require(cart["id"])
        let first = try #require(cart["lines"]?["nodes"]?[0]?["id"])
        let second = try #require(cart["lines"]?["nodes"]?[1]?["id"])
        let updated = Self.run(simulator, """
            mutation($id: ID!, $line: ID!) { cartLinesUpdate(cartId: $id, lines: [{id: $line, quantity: 4}]) { cart { lines(first: 5) { nodes { quantity } } } userErrors { code } } }
            """, ["id": id, "line": first])
        #expect(updated["data"]?["cartLinesUpdate"]?["cart"]?["lines"]?["nodes"] == [["quantity": 4], ["quantity": 1]])
        let removed = Self.run(simulator, """
            mutation($id: ID!, $line: ID!) { cartLinesRemove(cartId: $id, lineIds: [$line]) { cart { totalQuantity } userErrors { code } } }
            """, ["id": id, "line": second])
        #expect(removed["data"]?["cartLinesRemove"] == ["cart": ["totalQuantity": 4], "userErrors": []])
        let again = Self.run(simulator, """
            mutation($id: ID!, $line: ID!) { cartLinesRemove(cartId: $id, lineIds: [$line]) { cart { totalQuantity } userErrors { code field } } }
            """, ["id": id, "line": second])
        #expect(again["data"]?["cartLinesRemove"] == ["cart": ["totalQuantity": 4], "userErrors": [["code": "INVALID", "field": ["lineIds", "0"]]]])
    }

    @Test(arguments: [
        ("SAVE50", "DISCOUNT_PURCHASE_NOT_IN_RANGE"), ("SUMMER25", "DISCOUNT_CURRENTLY_INACTIVE"),
        ("APPLE15", "DISCOUNT_NO_ENTITLED_LINE_ITEMS"), ("MISSING", "DISCOUNT_NOT_FOUND"),
    ])
    func aCodeThatDoesNotApplySaysWhy(_ code: String, _ warning: String) throws {
        let simulator = try Simulator()
        // A 40 mm Galaxy Watch6 ($299.99): under SAVE50's $300, and not Apple.
        let answer = Self.create(simulator, lines: [("gid://shopify/ProductVariant/1000018003", 1)], codes: [code])
        #expect(answer["data"]?["cartCreate"]?["cart"]?["discountCodes"] == [["code": .string(code), "applicable": false]])
        #expect(answer["data"]?["cartCreate"]?["warnings"]?[0]?["code"] == .string(warning))
    }

    @Test func unknownCartsAndMerchandiseAreUserErrors() throws {
        let simulator = try Simulator()
        #expect(Self.run(simulator, #"{ cart(id: "gid://shopify/Cart/nope") { id } }"#)["data"] == ["cart": nil])
        let unknown = Self.run(simulator, """
            mutation { cartLinesAdd(cartId: "gid://shopify/Cart/nope", lines: []) { cart { id } userErrors { code field message } } }
            """)
        #expect(unknown["data"]?["cartLinesAdd"] == ["cart": nil, "userErrors": [["code": "INVALID", "field": ["cartId"], "message": "The specified cart does not exist."]]])
        let bad = Self.create(simulator, lines: [("gid://shopify/ProductVariant/1", 1)])
        #expect(bad["data"]?["cartCreate"]?["cart"] == .null)
        #expect(bad["data"]?["cartCreate"]?["userErrors"]?[0] == ["code": "INVALID", "field": ["input", "lines", "0", "merchandiseId"], "message": "The merchandise with id gid://shopify/ProductVariant/1 does not exist."])
        // Nothing was made: the next cart is the first of the sequence.
        let first = Self.create(simulator, lines: [])
        let fresh = Self.create(try Simulator(), lines: [])
        #expect(first["data"]?["cartCreate"]?["cart"]?["id"] == fresh["data"]?["cartCreate"]?["cart"]?["id"])
    }
}

/// Amounts written as Shopify writes `Decimal`, read back as cents.
private extension String {
    var cents: Int {
        let parts = split(separator: ".", omittingEmptySubsequences: false)
        let whole = Int(parts[0]) ?? 0
        let fraction = parts.count > 1 ? String(parts[1].prefix(2)).padding(toLength: 2, withPad: "0", startingAt: 0) : "00"
        return whole * 100 + (Int(fraction) ?? 0)
    }
}
