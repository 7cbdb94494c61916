import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// The shop's brand, policies, menus, pages, blog and localization (docs/storefront.md#shop-content).
extension StorefrontBinding {
    static func contentFields(_ fields: inout ModeledFields) {
        shopContentFields(&fields)
        documentFields(&fields)
        menuFields(&fields)
        localizationFields(&fields)
        fields.add("QueryRoot", "page") { call, context in context.lookup(call, in: context.settings.content.pages.map(\.handle), as: ContentRef.page) }
        fields.add("QueryRoot", "blog") { call, context in context.lookup(call, in: context.settings.content.blogs.map(\.handle), as: ContentRef.blog) }
        fields.add("QueryRoot", "article") { call, context in
            let id = call.argumentValues["id"]?.stringValue ?? ""
            guard let ref = ContentRef.parse(id, in: context.settings.content), case .article = ref else { return .null }
            return .object(ref)
        }
        fields.add("QueryRoot", "pages") { call, context in
            let pages = context.settings.content.pages
            let found = ContentQuery(call.argumentValues["query"]?.stringValue ?? "").matching(pages.count) {
                StorefrontContent.queryItem(handle: pages[$0].handle, title: pages[$0].title)
            }
            return try context.contentPage(call, found.map(ContentRef.page))
        }
        fields.add("QueryRoot", "blogs") { call, context in
            let blogs = context.settings.content.blogs
            let found = ContentQuery(call.argumentValues["query"]?.stringValue ?? "").matching(blogs.count) {
                StorefrontContent.queryItem(handle: blogs[$0].handle, title: blogs[$0].title)
            }
            return try context.contentPage(call, found.map(ContentRef.blog))
        }
        fields.add("QueryRoot", "articles") { call, context in
            let content = context.settings.content
            let found = ContentQuery(call.argumentValues["query"]?.stringValue ?? "").matching(content.articles.count) { content.queryItem(article: $0) }
            return try context.contentPage(call, found.map(ContentRef.article))
        }
        fields.add("QueryRoot", "urlRedirects") { call, context in
            let query = SearchQuery.readable(call.argumentValues["query"]?.stringValue ?? "")
            let redirects = context.settings.content.redirects
            return try context.contentPage(call, redirects.indices.filter { redirectMatches(redirects[$0], query) }.map(ContentRef.redirect))
        }
        fields.text("UrlRedirect", "id") { call, _ in try call.parent(ContentRef.self).id }
        fields.text("UrlRedirect", "path") { call, context in try context.redirect(call).path }
        fields.text("UrlRedirect", "target") { call, context in try context.redirect(call).target }
        fields.add("QueryRoot", "menu") { call, context in
            let handle = call.argumentValues["handle"]?.stringValue
            return context.settings.content.menus.firstIndex { $0.handle == handle }.map { .object(ContentRef.menu($0)) } ?? .null
        }
    }

    private static func shopContentFields(_ fields: inout ModeledFields) {
        fields.add("Shop", "description") { _, context in .optional(context.settings.content.shop.description) }
        fields.add("Shop", "shipsToCountries") { _, context in .list(context.settings.content.shop.shipsToCountries.map(Resolved.string)) }
        fields.add("Shop", "brand") { _, _ in .object(ShopBrandValue()) }
        fields.add("Shop", "paymentSettings") { _, _ in .object(PaymentSettingsValue()) }
        for (field, handle) in [("privacyPolicy", "privacy-policy"), ("refundPolicy", "refund-policy"), ("shippingPolicy", "shipping-policy"), ("termsOfService", "terms-of-service")] {
            fields.add("Shop", field) { _, context in
                context.settings.content.policies.firstIndex { $0.handle == handle }.map { .object(ContentRef.policy($0)) } ?? .null
            }
        }
        fields.add("Brand", "slogan") { _, context in .optional(context.settings.content.shop.slogan) }
        fields.add("Brand", "shortDescription") { _, context in .optional(context.settings.content.shop.shortDescription) }
        fields.add("Brand", "colors") { _, _ in .object(BrandColorsValue()) }
        fields.add("Brand", "logo") { _, context in
            guard let url = context.settings.content.shop.logoURL else { return .null }
            return .object(ImageValue(id: "gid://shopify/MediaImage/1", url: url, altText: context.shop.store.name))
        }
        fields.add("BrandColors", "primary") { _, context in
            .list(context.settings.content.shop.primaryColor.map { [.object(ColorGroupValue(background: $0, foreground: "#FFFFFF"))] } ?? [])
        }
        fields.add("BrandColors", "secondary") { _, context in
            .list(context.settings.content.shop.secondaryColor.map { [.object(ColorGroupValue(background: $0, foreground: "#000000"))] } ?? [])
        }
        fields.add("BrandColorGroup", "background") { call, _ in .string(try call.parent(ColorGroupValue.self).background) }
        fields.add("BrandColorGroup", "foreground") { call, _ in .string(try call.parent(ColorGroupValue.self).foreground) }
        // A product's media image travels as the product's position, as its image does; the
        // shop's logo as an `ImageValue`.
        fields.add("MediaImage", "id") { call, _ in
            .string(call.parentInteger >= 0 ? StorefrontID.media(product: call.parentInteger) : try call.parent(ImageValue.self).id)
        }
        fields.add("MediaImage", "alt") { call, context in
            .optional(call.parentInteger >= 0 ? try context.product(call.parentInteger).name : try call.parent(ImageValue.self).altText)
        }
        fields.add("MediaImage", "mediaContentType") { _, _ in .string("IMAGE") }
        for field in ["image", "previewImage"] {
            fields.add("MediaImage", field) { call, _ in
                call.parentInteger >= 0 ? .integer(call.parentInteger) : .object(try call.parent(ImageValue.self))
            }
        }
        fields.add("PaymentSettings", "acceptedCardBrands") { _, context in .list(context.settings.content.shop.acceptedCardBrands.map(Resolved.string)) }
        fields.add("PaymentSettings", "countryCode") { _, context in .string(context.settings.content.shop.country.isoCode) }
        fields.add("PaymentSettings", "currencyCode") { _, context in .string(context.currency.code) }
        fields.add("PaymentSettings", "enabledPresentmentCurrencies") { _, context in .list([.string(context.currency.code)]) }
        fields.add("PaymentSettings", "supportedDigitalWallets") { _, _ in .list([]) }
        fields.add("PaymentSettings", "cardVaultUrl") { _, context in .string("https://\(context.settings.domain)/card-vault") }
    }

    private static func documentFields(_ fields: inout ModeledFields) {
        for type in ["Page", "Blog", "Article", "ShopPolicy", "Menu"] {
            fields.add(type, "id") { call, _ in .string(try call.parent(ContentRef.self).id) }
        }
        fields.add("ShopPolicy", "handle") { call, context in .string(try context.policy(call).handle) }
        fields.add("ShopPolicy", "title") { call, context in .string(try context.policy(call).title) }
        fields.add("ShopPolicy", "body") { call, context in .string(try context.policy(call).body) }
        fields.add("ShopPolicy", "url") { call, context in .string("https://\(context.settings.domain)/policies/\(try context.policy(call).handle)") }
        fields.add("Page", "handle") { call, context in .string(try context.page(call).handle) }
        fields.add("Page", "title") { call, context in .string(try context.page(call).title) }
        fields.add("Page", "body") { call, context in .string(try context.page(call).body) }
        fields.add("Page", "bodySummary") { call, context in .string(PlainText.truncated(PlainText.of(try context.page(call).body), 150)) }
        fields.add("Page", "createdAt") { call, context in .string((try context.page(call).createdAt ?? context.shop.startClock).iso8601) }
        fields.add("Page", "updatedAt") { call, context in .string((try context.page(call).createdAt ?? context.shop.startClock).iso8601) }
        fields.add("Page", "onlineStoreUrl") { call, context in .string("https://\(context.settings.domain)/pages/\(try context.page(call).handle)") }
        fields.add("Blog", "handle") { call, context in .string(try context.blog(call).handle) }
        fields.add("Blog", "title") { call, context in .string(try context.blog(call).title) }
        fields.add("Blog", "onlineStoreUrl") { call, context in .string("https://\(context.settings.domain)/blogs/\(try context.blog(call).handle)") }
        fields.add("Blog", "articles") { call, context in
            guard case .blog(let blog) = try call.parent(ContentRef.self) else { return .null }
            return try context.contentPage(call, context.settings.content.articles.indices.filter { context.settings.content.articles[$0].blog == blog }.map(ContentRef.article))
        }
        fields.add("Blog", "articleByHandle") { call, context in
            guard case .blog(let blog) = try call.parent(ContentRef.self) else { return .null }
            let handle = call.argumentValues["handle"]?.stringValue
            return context.settings.content.articles.indices.first {
                context.settings.content.articles[$0].blog == blog && context.settings.content.articles[$0].article.handle == handle
            }.map { .object(ContentRef.article($0)) } ?? .null
        }
        fields.add("Blog", "authors") { call, context in
            guard case .blog(let blog) = try call.parent(ContentRef.self) else { return .null }
            var seen: Set<String> = []
            return .list(context.settings.content.blogs[blog].articles.map(\.author).filter { seen.insert($0.email).inserted }.map { .object($0) })
        }
        fields.add("Article", "handle") { call, context in .string(try context.article(call).handle) }
        fields.add("Article", "title") { call, context in .string(try context.article(call).title) }
        fields.add("Article", "content") { call, context in
            .string(PlainText.truncated(PlainText.of(try context.article(call).content), call.argumentValues["truncateAt"]?.intValue))
        }
        fields.add("Article", "contentHtml") { call, context in .string(try context.article(call).content) }
        fields.add("Article", "excerpt") { call, context in
            .optional(try context.article(call).excerpt.map { PlainText.truncated($0, call.argumentValues["truncateAt"]?.intValue) })
        }
        fields.add("Article", "excerptHtml") { call, context in .optional(try context.article(call).excerpt.map { "<p>" + HTMLText.escaped($0) + "</p>" }) }
        fields.add("Article", "publishedAt") { call, context in .string(try context.article(call).publishedAt.iso8601) }
        fields.add("Article", "tags") { call, context in .list(try context.article(call).tags.map(Resolved.string)) }
        fields.add("Article", "authorV2") { call, context in .object(try context.article(call).author) }
        fields.add("Article", "author") { call, context in .object(try context.article(call).author) }
        fields.add("Article", "blog") { call, context in
            guard case .article(let index) = try call.parent(ContentRef.self) else { return .null }
            return .object(ContentRef.blog(context.settings.content.articles[index].blog))
        }
        fields.add("Article", "image") { call, context in
            guard case .article(let index) = try call.parent(ContentRef.self), let url = context.settings.content.articles[index].article.imageURL else { return .null }
            return .object(ImageValue(id: "gid://shopify/ArticleImage/\(ContentRef.articleBase + index)", url: url, altText: context.settings.content.articles[index].article.title))
        }
        fields.add("Article", "onlineStoreUrl") { call, context in
            guard case .article(let index) = try call.parent(ContentRef.self) else { return .null }
            let (blog, article) = context.settings.content.articles[index]
            return .string("https://\(context.settings.domain)/blogs/\(context.settings.content.blogs[blog].handle)/\(article.handle)")
        }
        fields.add("ArticleAuthor", "firstName") { call, _ in .string(try call.parent(StorefrontContent.Author.self).firstName) }
        fields.add("ArticleAuthor", "lastName") { call, _ in .string(try call.parent(StorefrontContent.Author.self).lastName) }
        fields.add("ArticleAuthor", "name") { call, _ in
            let author = try call.parent(StorefrontContent.Author.self)
            return .string(author.firstName + " " + author.lastName)
        }
        fields.add("ArticleAuthor", "email") { call, _ in .string(try call.parent(StorefrontContent.Author.self).email) }
        fields.add("ArticleAuthor", "bio") { call, _ in .optional(try call.parent(StorefrontContent.Author.self).bio) }
    }

    private static func menuFields(_ fields: inout ModeledFields) {
        fields.add("Menu", "handle") { call, context in .string(try context.menu(call).handle) }
        fields.add("Menu", "title") { call, context in .string(try context.menu(call).title) }
        fields.add("Menu", "items") { call, context in .list(try context.menuItems(call).map { .object($0) }) }
        fields.add("Menu", "itemsCount") { call, context in .int(try context.menuItems(call).count) }
        fields.add("MenuItem", "id") { call, _ in .string(try call.parent(MenuItemValue.self).id) }
        fields.add("MenuItem", "title") { call, _ in .string(try call.parent(MenuItemValue.self).item.title) }
        fields.add("MenuItem", "type") { call, _ in .string(try call.parent(MenuItemValue.self).item.type) }
        fields.add("MenuItem", "tags") { _, _ in .list([]) }
        fields.add("MenuItem", "items") { call, _ in .list(try call.parent(MenuItemValue.self).children.map { .object($0) }) }
        fields.add("MenuItem", "url") { call, context in .optional(context.url(of: try call.parent(MenuItemValue.self).item)) }
        fields.add("MenuItem", "resource") { call, context in context.resource(of: try call.parent(MenuItemValue.self).item, schema: call.executedSchema) }
        fields.add("MenuItem", "resourceId") { call, context in
            switch context.resource(of: try call.parent(MenuItemValue.self).item, schema: call.executedSchema) {
            case .typed(_, .object(let ref as ContentRef)): return .string(ref.id)
            case .typed(_, .object(let ref as CollectionRef)): return .string(context.id(of: ref))
            default: return .null
            }
        }
    }

    private static func localizationFields(_ fields: inout ModeledFields) {
        fields.add("QueryRoot", "localization") { _, _ in .object(LocalizationValue()) }
        fields.add("Localization", "country") { _, context in .object(context.settings.content.shop.country) }
        fields.add("Localization", "language") { _, context in .object(context.settings.content.shop.language) }
        fields.add("Localization", "availableCountries") { _, context in .list([.object(context.settings.content.shop.country)]) }
        fields.add("Localization", "availableLanguages") { _, context in .list([.object(context.settings.content.shop.language)]) }
        fields.add("Country", "isoCode") { call, _ in .string(try call.parent(StorefrontContent.Country.self).isoCode) }
        fields.add("Country", "name") { call, _ in .string(try call.parent(StorefrontContent.Country.self).name) }
        fields.add("Country", "unitSystem") { call, _ in .string(try call.parent(StorefrontContent.Country.self).unitSystem) }
        fields.add("Country", "currency") { call, _ in .object(try call.parent(StorefrontContent.Country.self)) }
        fields.add("Country", "defaultLanguage") { _, context in .object(context.settings.content.shop.language) }
        fields.add("Country", "availableLanguages") { _, context in .list([.object(context.settings.content.shop.language)]) }
        fields.add("Currency", "isoCode") { _, context in .string(context.currency.code) }
        fields.add("Currency", "name") { call, _ in .string(try call.parent(StorefrontContent.Country.self).currencyName) }
        fields.add("Currency", "symbol") { _, context in .string(context.currency.symbol) }
        fields.add("Language", "isoCode") { call, _ in .string(try call.parent(StorefrontContent.Language.self).isoCode) }
        fields.add("Language", "name") { call, _ in .string(try call.parent(StorefrontContent.Language.self).name) }
        fields.add("Language", "endonymName") { call, _ in .string(try call.parent(StorefrontContent.Language.self).endonymName) }
    }

    /// Whether a redirect answers `urlRedirects(query:)`: every word must hold, `path:VALUE` and
    /// `target:VALUE` comparing whole (ignoring case), a bare word found in the path or target.
    private static func redirectMatches(_ redirect: StorefrontContent.Redirect, _ query: String) -> Bool {
        query.split(whereSeparator: { $0 == " " }).allSatisfy { word in
            let lowered = word.lowercased()
            if lowered.hasPrefix("path:") { return redirect.path.lowercased() == lowered.dropFirst(5) }
            if lowered.hasPrefix("target:") { return redirect.target.lowercased() == lowered.dropFirst(7) }
            return redirect.path.lowercased().contains(lowered) || redirect.target.lowercased().contains(lowered)
        }
    }
}

struct ShopBrandValue {}
struct BrandColorsValue {}
struct PaymentSettingsValue {}
struct LocalizationValue {}

struct ColorGroupValue {
    let background: String
    let foreground: String
}
