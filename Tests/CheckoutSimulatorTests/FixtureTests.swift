import Foundation
import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

struct FixtureTests {
    @Test func bundledCatalogMeetsTheSpec() throws {
        let fixtures = try Fixtures.bundled()
        let catalog = fixtures.catalog
        #expect(catalog.brands.count >= 6)
        #expect(catalog.products.count >= 60)
        #expect(Set(catalog.products.map(\.category)).count >= 4)
        for stock in [0, 1, 2] { #expect(catalog.products.contains { $0.initialStock == stock }) }
        #expect(catalog.products.contains { $0.compareAtPrice != nil })
        #expect(fixtures.offers.count >= 5)
        for kind in [DiscountKind.percentOff, .amountOff, .freeShipping] { #expect(fixtures.offers.contains { $0.value.kind == kind }) }
        #expect(fixtures.offers.contains { $0.brandId != nil })
        #expect(fixtures.offers.contains { $0.minSpend != nil })
        #expect(fixtures.offers.contains { ($0.expiresAt ?? fixtures.store.now) < fixtures.store.now })
        #expect(fixtures.scratchCards.rewards.contains { $0.value.kind == .noReward })
        #expect(fixtures.testCards.map(\.number).contains("4000000000009995"))
    }

    @Test func bundledProductPagesOverlapOnPurpose() throws {
        let source = FixtureSource.bundled
        let pages = source.files.filter { $0.path.hasPrefix("products/") }
        #expect(pages.count >= 2)
        let idLists = try pages.map { page -> [String] in
            let json = try JSONParser.parse(page.text)
            let items = json.arrayValue ?? json["products"]?.arrayValue ?? []
            return items.compactMap { $0["id"]?.stringValue }
        }
        let total = idLists.reduce(0) { $0 + $1.count }
        #expect(total > Set(idLists.joined()).count, "no product appears on two pages")
    }

    static func source(_ overrides: [String: String?]) -> FixtureSource {
        var files = FixtureSource.bundled.files.filter { overrides[$0.path] == nil }
        for (path, text) in overrides {
            if let text = text ?? nil { files.append((path, text)) }
        }
        return FixtureSource(files: files, origin: "test")
    }

    static func problems(_ overrides: [String: String?]) -> [String] {
        do {
            _ = try Fixtures.load(source(overrides))
            return []
        } catch {
            return error.problems.map(\.description)
        }
    }

    @Test func reportsEveryProblemWithFileAndPath() {
        let problems = Self.problems([
            "products/page-2.json": #"""
            [
              {"id": "ok-1", "name": "Fine", "brandId": "apple", "model": "M", "category": "C", "description": "", "price": "10.00", "stock": 1, "createdAt": "2026-01-01T00:00:00Z"},
              {"id": "bad id!", "name": "", "brandId": "acme", "model": "M", "category": "C", "description": "", "price": -3, "stock": -1, "createdAt": "yesterday", "colour": "red"},
              {"id": "ok-2", "name": "Fine", "brandId": "apple", "model": "M", "category": "C", "description": "", "price": "10.001", "stock": 1, "createdAt": "2026-01-01T00:00:00Z", "maxPerOrder": 0}
            ]
            """#,
            "store.json": #"{"name": "S", "currency": "USD", "fractionDigits": 2, "currencySymbol": "$", "now": "2026-03-01T10:00:00Z", "seed": 1, "shipping": {"flatRate": "9.99"}}"#,
            // These link products of the page replaced above (CollectionTests checks links).
            "collections/banners.json": nil, "collections/homeSections.json": nil, "storefront/content.json": nil,
        ])
        #expect(problems == [
            "store.json: shipping: missing required key \"freeOver\"",
            "products/page-2.json: [1].colour: unknown key",
            "products/page-2.json: [1].id: expected an id of 1 to 64 characters from A-Z a-z 0-9 . _ -, found \"bad id!\"",
            "products/page-2.json: [1].name: expected a non-empty string",
            "products/page-2.json: [1].brandId: unknown brand \"acme\" (not in brands.json)",
            "products/page-2.json: [1].price: expected a decimal string like \"12.50\", found -3",
            "products/page-2.json: [1].stock: expected an integer between 0 and 1000000000, found -1",
            "products/page-2.json: [1].createdAt: expected an ISO-8601 UTC time like \"2026-01-01T00:00:00Z\" between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z, found \"yesterday\"",
            "products/page-2.json: [2].price: expected a decimal string like \"12.50\" with at most 2 decimals, found \"10.001\"",
            "products/page-2.json: [2].maxPerOrder: expected an integer between 1 and 10000, found 0",
        ])
    }

    /// The fields the shop apps added (issue #13), each wrong in one way, each reported where it is.
    struct NewFieldCase: CustomTestStringConvertible, Sendable {
        let member: String
        let problem: String
        var testDescription: String { member }
    }

    @Test(arguments: [
        NewFieldCase(member: #""taxRate": "8.255""#,
                     problem: #"[0].taxRate: expected a percent from "0" to "100" with at most 2 decimals, like "8.25", found "8.255""#),
        NewFieldCase(member: #""taxRate": 20"#,
                     problem: #"[0].taxRate: expected a percent from "0" to "100" with at most 2 decimals, like "8.25", found 20"#),
        NewFieldCase(member: #""taxRate": "120""#,
                     problem: #"[0].taxRate: expected a percent from "0" to "100" with at most 2 decimals, like "8.25", found "120""#),
        NewFieldCase(member: #""thumbnailURL": "/thumbs/a.jpg""#,
                     problem: #"[0].thumbnailURL: expected an absolute http or https URL like "https://example.com/a.jpg", found "/thumbs/a.jpg""#),
        NewFieldCase(member: #""imageURL": "ftp://example.com/a.jpg""#,
                     problem: #"[0].imageURL: expected an absolute http or https URL like "https://example.com/a.jpg", found "ftp://example.com/a.jpg""#),
        NewFieldCase(member: #""attribute": """#, problem: "[0].attribute: expected a non-empty string"),
        NewFieldCase(member: #""shortDescription": ["x"]"#, problem: #"[0].shortDescription: expected a string, found ["x"]"#),
        NewFieldCase(member: #""atribute": "500 ml""#, problem: #"[0].atribute: unknown key (did you mean "attribute"?)"#),
    ])
    func newProductFieldsAreValidated(_ testCase: NewFieldCase) {
        let problems = Self.problems([
            "products/page-9.json": #"[{"id": "x-1", "name": "X", "brandId": "apple", "model": "M", "category": "C", "description": "", "price": "1.00", "stock": 1, "createdAt": "2026-01-01T00:00:00Z", "#
                + testCase.member + "}]",
        ])
        #expect(problems == ["products/page-9.json: " + testCase.problem])
    }

    /// Storefront content's gift cards and redirects (docs/storefront.md#gift-cards-and-delivery).
    @Test(arguments: [
        (#"{"giftCards": [{"code": "G", "balance": "-1.00"}]}"#, #"storefront/content.json: giftCards[0].balance: expected a decimal amount like "50.00""#),
        (#"{"giftCards": [{"balance": "5.00"}]}"#, "storefront/content.json: giftCards[0].code: is missing"),
        (#"{"urlRedirects": [{"path": "old", "target": "/new"}]}"#, #"storefront/content.json: urlRedirects[0].path: expected a path starting with "/""#),
        (#"{"urlRedirects": {"path": "/old"}}"#, "storefront/content.json: urlRedirects: expected an array"),
    ])
    func storefrontContentIsValidated(_ content: String, _ problem: String) {
        #expect(Self.problems(["storefront/content.json": content]) == [problem])
    }

    @Test func storeDefaultsAreValidated() {
        let store = #"{"name": "S", "currency": "USD", "fractionDigits": 2, "currencySymbol": "$", "now": "2026-03-01T10:00:00Z", "seed": 1, "shipping": {"flatRate": "9.99", "freeOver": "50.00"}, "#
        #expect(Self.problems(["store.json": store + #""defaultTaxRate": "-1", "defaultBrandId": "apple"}"#]) == [
            #"store.json: defaultTaxRate: expected a percent from "0" to "100" with at most 2 decimals, like "8.25", found "-1""#,
        ])
        #expect(Self.problems(["store.json": store + #""defaultBrandId": "acme"}"#]) == [
            #"store.json: defaultBrandId: unknown brand "acme" (not in brands.json)"#,
        ])
        #expect(Self.problems(["store.json": store + #""defaultTaxRate": "19", "defaultBrandId": "sony"}"#]).isEmpty)
    }

    @Test func conflictingDuplicateNamesBothPlaces() {
        let problems = Self.problems([
            "products/page-9.json": #"[{"id": "iphone-15", "name": "iPhone 15 128 GB", "brandId": "apple", "model": "iPhone 15", "category": "Phones", "description": "6.1-inch Super Retina XDR display, A16 Bionic chip and a 48 MP main camera.", "price": "899.00", "stock": 25, "createdAt": "2025-09-22T09:00:00Z", "imageURL": "https://images.checkout-sim.example/products/iphone-15.jpg"}]"#,
        ])
        #expect(problems == ["products/page-9.json: [0]: product \"iphone-15\" conflicts with its earlier copy at products/page-1.json: products[0]"])
    }

    @Test func syntaxErrorsPointAtLineAndColumn() {
        let problems = Self.problems(["offers.json": "[\n  {\"code\": \"X\",,}\n]"])
        #expect(problems == ["offers.json:2:16: $: expected a string key, found \",\"\n  {\"code\": \"X\",,}\n               ^"])
    }

    @Test func missingFilesAndWrongShapes() {
        let problems = Self.problems(["brands.json": nil, "scratch-cards.json": #"{"issuedPerSession": 3, "validForDays": 0, "rewards": [{"kind": "BOGUS", "value": "1", "title": "t", "weight": 1}]}"#])
        #expect(problems.first == "brands.json: $: file is missing")
        #expect(problems.contains("scratch-cards.json: validForDays: expected an integer between 1 and 3650, found 0"))
        #expect(problems.contains("scratch-cards.json: rewards[0].kind: expected one of PERCENT_OFF, AMOUNT_OFF, FREE_SHIPPING, NO_REWARD, found \"BOGUS\""))
        #expect(problems.contains { $0.hasPrefix("products/page-1.json: products[0].brandId: unknown brand \"apple\"") })
    }

    @Test func loadsAFolderFromDisk() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fixtures-\(getpid())")
        try? FileManager.default.removeItem(at: folder)
        for subfolder in ["products", "collections", "storefront"] {
            try FileManager.default.createDirectory(at: folder.appendingPathComponent(subfolder), withIntermediateDirectories: true)
        }
        defer { try? FileManager.default.removeItem(at: folder) }
        for file in FixtureSource.bundled.files {
            try Data(file.text.utf8).write(to: folder.appendingPathComponent(file.path))
        }
        let fixtures = try Fixtures.load(try FixtureSource.directory(folder.path))
        #expect(fixtures.catalog.products.count == (try Fixtures.bundled()).catalog.products.count)
        #expect(fixtures.collections.names == ["banners", "faqs", "homeSections", "shops"])
        #expect(throws: FixtureError.self) { try FixtureSource.directory(folder.appendingPathComponent("nope").path) }
    }
}
