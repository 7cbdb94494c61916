import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontContent {
    /// A problem in `content.json`: where (a JSON path) and what.
    package struct Problem: Sendable {
        package let path: String
        package let message: String
    }

    /// Every problem `read` found.
    package struct Problems: Error, Sendable {
        package let all: [Problem]
    }

    /// The content `json` describes, or every problem found; products named by curated
    /// collections must be in `catalog`.
    package static func read(_ json: JSON, catalog: Catalog, currency: Currency) -> Result<StorefrontContent, Problems> {
        var reader = Reader(currency: currency)
        let content = reader.content(json, catalog: catalog)
        return reader.problems.isEmpty ? .success(content) : .failure(Problems(all: reader.problems))
    }

    private struct Reader {
        let currency: Currency
        var problems: [Problem] = []

        mutating func fail(_ path: String, _ message: String) {
            problems.append(Problem(path: path, message: message))
        }

        mutating func string(_ value: JSON?, _ path: String, required: Bool = true) -> String? {
            guard let value else {
                if required { fail(path, "is missing") }
                return nil
            }
            guard let text = value.stringValue else {
                fail(path, "expected a string")
                return nil
            }
            return text
        }

        mutating func items(_ value: JSON?, _ path: String) -> [JSON] {
            guard let value else { return [] }
            guard let items = value.arrayValue else {
                fail(path, "expected an array")
                return []
            }
            return items
        }

        mutating func instant(_ value: JSON?, _ path: String) -> Instant? {
            guard let text = string(value, path) else { return nil }
            guard let instant = Instant(iso8601: text) else {
                fail(path, "expected an ISO-8601 time like \"2026-03-01T10:00:00Z\"")
                return nil
            }
            return instant
        }

        mutating func content(_ json: JSON, catalog: Catalog) -> StorefrontContent {
            guard json.objectValue != nil else {
                fail("$", "expected an object with shop, policies, menus, pages, blogs and collections")
                return .empty
            }
            return StorefrontContent(
                shop: shop(json["shop"]),
                policies: items(json["policies"], "policies").enumerated().compactMap { document($1, "policies[\($0)]") },
                menus: items(json["menus"], "menus").enumerated().compactMap { menu($1, "menus[\($0)]") },
                pages: items(json["pages"], "pages").enumerated().compactMap { document($1, "pages[\($0)]", dated: true) },
                blogs: items(json["blogs"], "blogs").enumerated().compactMap { blog($1, "blogs[\($0)]") },
                curated: items(json["collections"], "collections").enumerated().compactMap { curated($1, "collections[\($0)]", catalog: catalog) },
                giftCards: items(json["giftCards"], "giftCards").enumerated().compactMap { giftCard($1, "giftCards[\($0)]") },
                redirects: items(json["urlRedirects"], "urlRedirects").enumerated().compactMap { redirect($1, "urlRedirects[\($0)]") })
        }

        mutating func shop(_ json: JSON?) -> ShopInfo {
            var shop = ShopInfo()
            guard let json else { return shop }
            shop.description = string(json["description"], "shop.description", required: false)
            shop.slogan = string(json["slogan"], "shop.slogan", required: false)
            shop.shortDescription = string(json["shortDescription"], "shop.shortDescription", required: false)
            shop.primaryColor = string(json["primaryColor"], "shop.primaryColor", required: false)
            shop.secondaryColor = string(json["secondaryColor"], "shop.secondaryColor", required: false)
            shop.logoURL = string(json["logoURL"], "shop.logoURL", required: false)
            shop.shipsToCountries = items(json["shipsToCountries"], "shop.shipsToCountries").compactMap(\.stringValue)
            shop.acceptedCardBrands = items(json["acceptedCardBrands"], "shop.acceptedCardBrands").compactMap(\.stringValue)
            if let country = json["country"] {
                shop.country.isoCode = string(country["isoCode"], "shop.country.isoCode") ?? shop.country.isoCode
                shop.country.name = string(country["name"], "shop.country.name") ?? shop.country.name
                shop.country.currencyName = string(country["currencyName"], "shop.country.currencyName") ?? shop.country.currencyName
                shop.country.unitSystem = string(country["unitSystem"], "shop.country.unitSystem", required: false) ?? shop.country.unitSystem
            }
            if let language = json["language"] {
                shop.language.isoCode = string(language["isoCode"], "shop.language.isoCode") ?? shop.language.isoCode
                shop.language.name = string(language["name"], "shop.language.name") ?? shop.language.name
                shop.language.endonymName = string(language["endonymName"], "shop.language.endonymName") ?? shop.language.endonymName
            }
            return shop
        }

        mutating func document(_ json: JSON, _ path: String, dated: Bool = false) -> Document? {
            guard let handle = string(json["handle"], path + ".handle"), let title = string(json["title"], path + ".title"),
                  let body = string(json["body"], path + ".body")
            else { return nil }
            var document = Document(handle: handle, title: title, body: body)
            if dated { document.createdAt = instant(json["createdAt"], path + ".createdAt") }
            return document
        }

        mutating func menu(_ json: JSON, _ path: String) -> Menu? {
            guard let handle = string(json["handle"], path + ".handle"), let title = string(json["title"], path + ".title") else { return nil }
            return Menu(handle: handle, title: title, items: menuItems(json["items"], path + ".items", depth: 0))
        }

        mutating func menuItems(_ json: JSON?, _ path: String, depth: Int) -> [MenuItem] {
            guard depth < 3 else {
                fail(path, "menus nest at most three levels")
                return []
            }
            return items(json, path).enumerated().compactMap { index, item in
                let place = "\(path)[\(index)]"
                guard let title = string(item["title"], place + ".title"), let type = string(item["type"], place + ".type") else { return nil }
                return MenuItem(
                    title: title, type: type, url: string(item["url"], place + ".url", required: false),
                    resource: string(item["resource"], place + ".resource", required: false),
                    items: menuItems(item["items"], place + ".items", depth: depth + 1))
            }
        }

        mutating func blog(_ json: JSON, _ path: String) -> Blog? {
            guard let handle = string(json["handle"], path + ".handle"), let title = string(json["title"], path + ".title") else { return nil }
            let articles = items(json["articles"], path + ".articles").enumerated().compactMap { index, item -> Article? in
                let place = "\(path).articles[\(index)]"
                let author = item["author"]
                guard let handle = string(item["handle"], place + ".handle"), let title = string(item["title"], place + ".title"),
                      let content = string(item["content"], place + ".content"), let publishedAt = instant(item["publishedAt"], place + ".publishedAt"),
                      let firstName = string(author?["firstName"], place + ".author.firstName"),
                      let lastName = string(author?["lastName"], place + ".author.lastName"),
                      let email = string(author?["email"], place + ".author.email")
                else { return nil }
                return Article(
                    handle: handle, title: title, content: content, excerpt: string(item["excerpt"], place + ".excerpt", required: false),
                    author: Author(firstName: firstName, lastName: lastName, email: email, bio: string(author?["bio"], place + ".author.bio", required: false)),
                    publishedAt: publishedAt, tags: items(item["tags"], place + ".tags").compactMap(\.stringValue),
                    imageURL: string(item["imageURL"], place + ".imageURL", required: false))
            }
            return Blog(handle: handle, title: title, articles: articles)
        }

        mutating func redirect(_ json: JSON, _ path: String) -> Redirect? {
            guard let from = string(json["path"], path + ".path"), let target = string(json["target"], path + ".target") else { return nil }
            guard from.hasPrefix("/") else {
                fail(path + ".path", "expected a path starting with \"/\"")
                return nil
            }
            return Redirect(path: from, target: target)
        }

        mutating func giftCard(_ json: JSON, _ path: String) -> GiftCard? {
            guard let code = string(json["code"], path + ".code"), let text = string(json["balance"], path + ".balance") else { return nil }
            guard let balance = currency.minorUnits(fromDecimal: text), balance >= 0 else {
                fail(path + ".balance", "expected a decimal amount like \"50.00\"")
                return nil
            }
            return GiftCard(code: code, balance: balance)
        }

        mutating func curated(_ json: JSON, _ path: String, catalog: Catalog) -> Curated? {
            guard let handle = string(json["handle"], path + ".handle"), let title = string(json["title"], path + ".title") else { return nil }
            let products = items(json["products"], path + ".products").enumerated().compactMap { index, item -> String? in
                guard let id = string(item, "\(path).products[\(index)]") else { return nil }
                if catalog.position(of: id) == nil { fail("\(path).products[\(index)]", "unknown product \"\(id)\"") }
                return id
            }
            return Curated(handle: handle, title: title, description: string(json["description"], path + ".description", required: false) ?? "", products: products)
        }
    }
}
