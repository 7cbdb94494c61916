import CheckoutSimGraphQL
import Testing
@testable import CheckoutSimScenarios

/// `--narrate` tells each list in a response under its own heading.
struct NarratorTests {
    static func story(_ response: String) throws -> String {
        let step = StepReport(
            index: 1, name: "Basket", line: 1, status: .passed, failure: nil, operationName: nil, request: nil,
            session: "default", response: try JSONParser.parse(response))
        return Narrator.narrate(step)
    }

    @Test func suggestionsAndProductsGetTheirOwnHeadings() throws {
        let story = try Self.story("""
            {"data": {
              "products": {"nodes": [{"name": "Pixel 8", "price": {"formatted": "$699.00"}, "stock": 16}], "totalCount": 64},
              "suggestedProducts": [{"name": "Nest Audio", "stock": 3, "quantityInCart": 1}, {"name": "Pixel Buds", "stock": 0}]
            }}
            """)
        #expect(story == """

            ▸ Basket
              Products (1 of 64)
              │ Pixel 8  $699.00  16 in stock
              Suggested products (2)
              │ Nest Audio  3 in stock, 1 in the cart
              │ Pixel Buds  sold out

            """)
    }

    @Test func listsInTitledItemsCarryTheTitleAndEdgesReadAsOneList() throws {
        let story = try Self.story("""
            {"data": {
              "brandSections": {"sections": [
                {"brand": {"name": "Apple"}, "products": [{"name": "iPhone 15", "price": {"formatted": "$999.00"}}]},
                {"brand": {"name": "Sony"}, "products": [{"name": "WH-1000XM5", "price": {"formatted": "$399.99"}}]}
              ]},
              "newArrivals": {"edges": [{"node": {"name": "Galaxy S24", "price": {"formatted": "$799.00"}}}, {"node": {"name": "Pixel 8", "price": {"formatted": "$699.00"}}}]},
              "brands": [{"id": "apple", "name": "Apple"}]
            }}
            """)
        #expect(story == """

            ▸ Basket
              Apple · products (1)
              │ iPhone 15  $999.00
              Sony · products (1)
              │ WH-1000XM5  $399.99
              New arrivals (2)
              │ Galaxy S24  $799.00
              │ Pixel 8     $699.00

            """)
    }
}
