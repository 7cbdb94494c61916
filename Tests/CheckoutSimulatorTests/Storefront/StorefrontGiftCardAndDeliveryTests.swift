import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimulator

/// Gift cards and delivery on Storefront carts (docs/storefront.md#gift-cards-and-delivery).
struct StorefrontGiftCardAndDeliveryTests {
    /// A $299.99 variant: below the $500 free-shipping threshold, so shipping is the $9.99 flat rate.
    static let headphones = "gid://shopify/ProductVariant/1000018003"

    static let giftCardFields = """
        appliedGiftCards { id lastCharacters amountUsed { amount } balance { amount } }
        cost { totalAmount { amount } checkoutChargeAmount { amount } }
        """

    static let deliveryFields = """
        delivery { addresses { id selected oneTimeUse address { ... on CartDeliveryAddress { firstName city countryCode formatted(withName: true) } } } }
        deliveryGroups(first: 5) { nodes { id groupType deliveryAddress { city countryCodeV2 }
          deliveryOptions { handle title deliveryMethodType estimatedCost { amount currencyCode } }
          selectedDeliveryOption { handle }
          cartLines(first: 5) { nodes { quantity } } } }
        """

    static func mutate(_ simulator: Simulator, _ name: String, _ arguments: String, _ cartId: String, _ selection: String) -> JSON? {
        StorefrontCartTests.run(simulator, """
            mutation($id: ID!) { \(name)(cartId: $id, \(arguments)) { cart { \(selection) } userErrors { code field message } warnings { code target } } }
            """, ["id": .string(cartId)])["data"]?[name]
    }

    static func newCart(_ simulator: Simulator, quantity: Int = 1) throws -> String {
        try #require(StorefrontCartTests.create(simulator, lines: [(headphones, quantity)])["data"]?["cartCreate"]?["cart"]?["id"]?.stringValue)
    }

    @Test func giftCardsPayWhatTheTotalStillNeedsInTheOrderApplied() throws {
        let simulator = try Simulator()
        let id = try Self.newCart(simulator)
        // Codes compare ignoring case and surrounding spaces; the shop's spelling is kept.
        let first = try #require(Self.mutate(simulator, "cartGiftCardCodesUpdate", #"giftCardCodes: [" gift-25-demo "]"#, id, Self.giftCardFields))
        #expect(first["userErrors"] == [])
        #expect(first["cart"]?["appliedGiftCards"] == [["id": "gid://shopify/AppliedGiftCard/1", "lastCharacters": "DEMO", "amountUsed": ["amount": "25.0"], "balance": ["amount": "0.0"]]])
        // The total stays what the goods cost; what is left to charge drops by the card.
        #expect(first["cart"]?["cost"] == ["totalAmount": ["amount": "299.99"], "checkoutChargeAmount": ["amount": "274.99"]])

        let second = try #require(Self.mutate(simulator, "cartGiftCardCodesAdd", #"giftCardCodes: ["GIFT-500-DEMO", "GIFT-25-DEMO"]"#, id, Self.giftCardFields))
        #expect(second["cart"]?["appliedGiftCards"]?[1] == ["id": "gid://shopify/AppliedGiftCard/2", "lastCharacters": "DEMO", "amountUsed": ["amount": "274.99"], "balance": ["amount": "225.01"]])
        #expect(second["cart"]?["appliedGiftCards"]?.arrayValue?.count == 2)
        #expect(second["cart"]?["cost"]?["checkoutChargeAmount"] == ["amount": "0.0"])

        // An unknown code is a user error and changes nothing, the known one beside it included.
        let unknown = try #require(Self.mutate(simulator, "cartGiftCardCodesUpdate", #"giftCardCodes: ["GIFT-25-DEMO", "NOPE"]"#, id, Self.giftCardFields))
        #expect(unknown["userErrors"] == [["code": "INVALID", "field": ["giftCardCodes", "1"], "message": "The gift card code \"NOPE\" is not valid."]])
        #expect(unknown["cart"]?["appliedGiftCards"] == second["cart"]?["appliedGiftCards"])

        let removed = try #require(Self.mutate(simulator, "cartGiftCardCodesRemove", #"appliedGiftCardIds: ["gid://shopify/AppliedGiftCard/1"]"#, id, Self.giftCardFields))
        #expect(removed["userErrors"] == [])
        #expect(removed["cart"]?["appliedGiftCards"] == [["id": "gid://shopify/AppliedGiftCard/2", "lastCharacters": "DEMO", "amountUsed": ["amount": "299.99"], "balance": ["amount": "200.01"]]])
        let again = try #require(Self.mutate(simulator, "cartGiftCardCodesRemove", #"appliedGiftCardIds: ["gid://shopify/AppliedGiftCard/1"]"#, id, "id"))
        #expect(again["userErrors"]?[0]?["code"] == "INVALID")
    }

    @Test func aSelectedAddressMakesADeliveryGroupWhoseOptionCostsTheShopsShipping() throws {
        let simulator = try Simulator()
        let id = try Self.newCart(simulator)
        let empty = StorefrontCartTests.run(simulator, "query($id: ID!) { cart(id: $id) { \(Self.deliveryFields) } }", ["id": .string(id)])
        #expect(empty["data"]?["cart"]?["delivery"] == ["addresses": []])
        #expect(empty["data"]?["cart"]?["deliveryGroups"] == ["nodes": []])

        let added = try #require(Self.mutate(simulator, "cartDeliveryAddressesAdd", """
            addresses: [{address: {deliveryAddress: {firstName: "Ada", lastName: "Lovelace", address1: "1 Main St", city: "Springfield", provinceCode: "IL", zip: "62701", countryCode: US}}, selected: true}]
            """, id, Self.deliveryFields))
        #expect(added["userErrors"] == [])
        let address = try #require(added["cart"]?["delivery"]?["addresses"]?[0])
        let addressId = try #require(address["id"]?.stringValue)
        #expect(address["selected"] == true && address["oneTimeUse"] == false)
        #expect(address["address"] == ["firstName": "Ada", "city": "Springfield", "countryCode": "US", "formatted": ["Ada Lovelace", "1 Main St", "Springfield IL 62701", "US"]])
        let group = try #require(added["cart"]?["deliveryGroups"]?["nodes"]?[0])
        let groupId = try #require(group["id"]?.stringValue)
        #expect(group["groupType"] == "ONE_TIME_PURCHASE")
        #expect(group["deliveryAddress"] == ["city": "Springfield", "countryCodeV2": "US"])
        #expect(group["deliveryOptions"] == [["handle": "standard", "title": "Standard shipping", "deliveryMethodType": "SHIPPING", "estimatedCost": ["amount": "9.99", "currencyCode": "USD"]]])
        #expect(group["selectedDeliveryOption"] == .null)
        #expect(group["cartLines"] == ["nodes": [["quantity": 1]]])

        let wrongGroup = try #require(Self.mutate(simulator, "cartSelectedDeliveryOptionsUpdate", #"selectedDeliveryOptions: [{deliveryGroupId: "gid://shopify/CartDeliveryGroup/9", deliveryOptionHandle: "standard"}]"#, id, "id"))
        #expect(wrongGroup["userErrors"]?[0]?["code"] == "INVALID_DELIVERY_GROUP")
        let wrongOption = try #require(Self.mutate(simulator, "cartSelectedDeliveryOptionsUpdate", #"selectedDeliveryOptions: [{deliveryGroupId: "\#(groupId)", deliveryOptionHandle: "express"}]"#, id, "id"))
        #expect(wrongOption["userErrors"]?[0]?["code"] == "INVALID_DELIVERY_OPTION")
        let chosen = try #require(Self.mutate(simulator, "cartSelectedDeliveryOptionsUpdate", #"selectedDeliveryOptions: [{deliveryGroupId: "\#(groupId)", deliveryOptionHandle: "standard"}]"#, id, Self.deliveryFields))
        #expect(chosen["cart"]?["deliveryGroups"]?["nodes"]?[0]?["selectedDeliveryOption"] == ["handle": "standard"])

        // Two of the item pass the free-shipping threshold: the option then costs nothing.
        let line = StorefrontCartTests.run(simulator, "query($id: ID!) { cart(id: $id) { lines(first: 1) { nodes { id } } } }", ["id": .string(id)])
        let lineId = try #require(line["data"]?["cart"]?["lines"]?["nodes"]?[0]?["id"]?.stringValue)
        let more = try #require(Self.mutate(simulator, "cartLinesUpdate", #"lines: [{id: "\#(lineId)", quantity: 2}]"#, id, Self.deliveryFields))
        #expect(more["cart"]?["deliveryGroups"]?["nodes"]?[0]?["deliveryOptions"]?[0]?["estimatedCost"] == ["amount": "0.0", "currencyCode": "USD"])

        let removed = try #require(Self.mutate(simulator, "cartDeliveryAddressesRemove", #"addressIds: ["\#(addressId)"]"#, id, Self.deliveryFields))
        #expect(removed["userErrors"] == [])
        #expect(removed["cart"]?["deliveryGroups"] == ["nodes": []])
    }

    static let ada = #"{deliveryAddress: {firstName: "Ada", city: "Springfield", countryCode: US}}"#
    static let grace = #"{deliveryAddress: {firstName: "Grace", city: "Arlington", countryCode: US}}"#

    @Test func addressesAreUpdatedReplacedAndOnlyOneIsSelected() throws {
        let simulator = try Simulator()
        let id = try Self.newCart(simulator)
        let two = try #require(Self.mutate(simulator, "cartDeliveryAddressesAdd", "addresses: [{address: \(Self.ada), selected: true}, {address: \(Self.grace)}]", id, Self.deliveryFields))
        let ids = (two["cart"]?["delivery"]?["addresses"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(ids.count == 2)
        // Selecting the second deselects the first.
        let switched = try #require(Self.mutate(simulator, "cartDeliveryAddressesUpdate", #"addresses: [{id: "\#(ids[1])", selected: true, oneTimeUse: true}]"#, id, Self.deliveryFields))
        #expect(switched["cart"]?["delivery"]?["addresses"]?.arrayValue?.map { $0["selected"] } == [false, true])
        #expect(switched["cart"]?["delivery"]?["addresses"]?[1]?["oneTimeUse"] == true)
        #expect(switched["cart"]?["deliveryGroups"]?["nodes"]?[0]?["deliveryAddress"]?["city"] == "Arlington")
        // The same address again is a warning, not a second copy.
        let duplicate = try #require(Self.mutate(simulator, "cartDeliveryAddressesAdd", "addresses: [{address: \(Self.ada)}]", id, Self.deliveryFields))
        #expect(duplicate["warnings"] == [["code": "DUPLICATE_DELIVERY_ADDRESS", "target": .string(id)]])
        #expect(duplicate["cart"]?["delivery"]?["addresses"]?.arrayValue?.count == 2)
        // Two selected in one request is refused and changes nothing.
        let both = try #require(Self.mutate(simulator, "cartDeliveryAddressesReplace", "addresses: [{address: \(Self.ada), selected: true}, {address: \(Self.grace), selected: true}]", id, Self.deliveryFields))
        #expect(both["userErrors"]?[0]?["code"] == "ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED")
        #expect(both["cart"]?["delivery"] == switched["cart"]?["delivery"])
        // Replacing keeps numbering on: new addresses get new ids.
        let replaced = try #require(Self.mutate(simulator, "cartDeliveryAddressesReplace", "addresses: [{address: \(Self.grace), selected: true}]", id, Self.deliveryFields))
        let replacedIds = (replaced["cart"]?["delivery"]?["addresses"]?.arrayValue ?? []).compactMap { $0["id"]?.stringValue }
        #expect(replacedIds.count == 1 && !ids.contains(replacedIds[0]))
        let selectedOnly = StorefrontCartTests.run(simulator, "query($id: ID!) { cart(id: $id) { delivery { addresses(selected: true) { address { ... on CartDeliveryAddress { firstName } } } } } }", ["id": .string(id)])
        #expect(selectedOnly["data"]?["cart"]?["delivery"] == ["addresses": [["address": ["firstName": "Grace"]]]])
    }

    @Test(arguments: [
        (#"{deliveryAddress: {city: "Springfield"}}"#, "ADDRESS_FIELD_IS_REQUIRED", ["addresses", "0", "address", "deliveryAddress", "countryCode"]),
        (#"{deliveryAddress: {city: "<b>Springfield</b>", countryCode: US}}"#, "ADDRESS_FIELD_CONTAINS_HTML_TAGS", ["addresses", "0", "address", "deliveryAddress", "city"]),
        (#"{deliveryAddress: {address1: "see https://example.com", countryCode: US}}"#, "ADDRESS_FIELD_CONTAINS_URL", ["addresses", "0", "address", "deliveryAddress", "address1"]),
        (#"{deliveryAddress: {firstName: "Ada 🎉", countryCode: US}}"#, "ADDRESS_FIELD_CONTAINS_EMOJIS", ["addresses", "0", "address", "deliveryAddress", "firstName"]),
        ("{deliveryAddress: {zip: \"\(String(repeating: "9", count: 256))\", countryCode: US}}", "ADDRESS_FIELD_IS_TOO_LONG", ["addresses", "0", "address", "deliveryAddress", "zip"]),
        (#"{copyFromCustomerAddressId: "gid://shopify/MailingAddress/1"}"#, "INVALID", ["addresses", "0", "address", "copyFromCustomerAddressId"]),
        ("{}", "ADDRESS_FIELD_IS_REQUIRED", ["addresses", "0", "address", "deliveryAddress"]),
    ])
    func aBadAddressIsAUserErrorNamingItsField(address: String, code: String, field: [String]) throws {
        let simulator = try Simulator()
        let id = try Self.newCart(simulator)
        let answer = try #require(Self.mutate(simulator, "cartDeliveryAddressesAdd", "addresses: [{address: \(address)}]", id, "delivery { addresses { id } }"))
        #expect(answer["userErrors"]?[0]?["code"] == .string(code))
        #expect(answer["userErrors"]?[0]?["field"] == .array(field.map(JSON.string)))
        #expect(answer["cart"]?["delivery"] == ["addresses": []])
    }

    @Test func aCartKeepsAtMostTwentyAddressesAndCartCreateTakesThemWithGiftCards() throws {
        let simulator = try Simulator()
        let many = (1...21).map { #"{address: {deliveryAddress: {zip: "\#($0)", countryCode: US}}}"# }.joined(separator: ", ")
        let id = try Self.newCart(simulator)
        let tooMany = try #require(Self.mutate(simulator, "cartDeliveryAddressesAdd", "addresses: [\(many)]", id, "delivery { addresses { id } }"))
        #expect(tooMany["userErrors"]?[0]?["code"] == "TOO_MANY_DELIVERY_ADDRESSES")
        #expect(tooMany["cart"]?["delivery"] == ["addresses": []])

        let created = StorefrontCartTests.run(simulator, """
            mutation { cartCreate(input: {lines: [{merchandiseId: "\(Self.headphones)"}], giftCardCodes: ["GIFT-25-DEMO"],
              delivery: {addresses: [{address: \(Self.ada), selected: true}]}}) {
              cart { \(Self.giftCardFields) \(Self.deliveryFields) } userErrors { code } } }
            """)
        let cart = try #require(created["data"]?["cartCreate"]?["cart"])
        #expect(created["data"]?["cartCreate"]?["userErrors"] == [])
        #expect(cart["appliedGiftCards"]?.arrayValue?.count == 1)
        #expect(cart["cost"]?["checkoutChargeAmount"] == ["amount": "274.99"])
        #expect(cart["deliveryGroups"]?["nodes"]?[0]?["deliveryAddress"]?["city"] == "Springfield")
        // None of it is an unmodeled default: the journal names no field of it.
        let unmodeled = (simulator.storefrontCoverage["unmodeled"]?.arrayValue ?? []).compactMap { $0["field"]?.stringValue }
        #expect(unmodeled.filter { $0.hasPrefix("Cart") || $0.hasPrefix("AppliedGiftCard") || $0.hasPrefix("Mailing") } == [])
    }
}
