import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

/// The shop's brand, policies, menus, pages, blog and localization (docs/storefront.md#shop-content).
/// The arguments content fields read: a lookup's `handle` or `id`, a text's `truncateAt`, a list's `query`.
private enum ContentKeys {
    static let handle = ArgumentKey<String?>("handle", .string)
    static let id = ArgumentKey<String?>("id", .id)
    static let truncateAt = ArgumentKey<Int?>("truncateAt", .int)
    static let query = ArgumentKey<String?>("query", .string)
}

extension StorefrontBinding {
    static func contentFields(_ fields: inout ModeledFields) {
        shopContentFields(&fields)
        documentFields(&fields)
        menuFields(&fields)
        localizationFields(&fields)
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("page", ContentKeys.handle, ContentKeys.id) { _, handle, id, context in
                context.lookup(handle: handle, id: id, in: context.settings.content.pages.map(\.handle), as: ContentRef.page)
            }
            root.field("blog", ContentKeys.handle, ContentKeys.id) { _, handle, id, context in
                context.lookup(handle: handle, id: id, in: context.settings.content.blogs.map(\.handle), as: ContentRef.blog)
            }
            root.field("article", ArgumentKey<String>("id", .nonNull(.id))) { _, id, context in
                guard let ref = ContentRef.parse(id, in: context.settings.content), case .article = ref else { return ContentRef?.none }
                return ref
            }
            root.connection("pages", ContentKeys.query) { _, paging, query, context in
                let pages = context.settings.content.pages
                let found = ContentQuery(query ?? "").matching(pages.count) {
                    StorefrontContent.queryItem(handle: pages[$0].handle, title: pages[$0].title)
                }
                return try context.contentPage(paging, found.map(ContentRef.page))
            }
            root.connection("blogs", ContentKeys.query) { _, paging, query, context in
                let blogs = context.settings.content.blogs
                let found = ContentQuery(query ?? "").matching(blogs.count) {
                    StorefrontContent.queryItem(handle: blogs[$0].handle, title: blogs[$0].title)
                }
                return try context.contentPage(paging, found.map(ContentRef.blog))
            }
            root.connection("articles", ContentKeys.query) { _, paging, query, context in
                let content = context.settings.content
                let found = ContentQuery(query ?? "").matching(content.articles.count) { content.queryItem(article: $0) }
                return try context.contentPage(paging, found.map(ContentRef.article))
            }
            root.connection("urlRedirects", ContentKeys.query) { _, paging, query, context in
                let query = SearchQuery.readable(query ?? "")
                let redirects = context.settings.content.redirects
                return try context.contentPage(paging, redirects.indices.filter { redirectMatches(redirects[$0], query) }.map(ContentRef.redirect))
            }
            root.field("menu", ArgumentKey<String>("handle", .nonNull(.string))) { _, handle, context in
                context.settings.content.menus.firstIndex { $0.handle == handle }.map(ContentRef.menu)
            }
        }
        fields.object("UrlRedirect", as: ContentRef.self) { redirect in
            redirect.text("id") { ref, _ in ref.id }
            redirect.text("path") { ref, context in try context.redirect(ref).path }
            redirect.text("target") { ref, context in try context.redirect(ref).target }
        }
    }

    private static func shopContentFields(_ fields: inout ModeledFields) {
        fields.object("Shop", as: ShopValue.self) { shop in
            shop.text("description") { _, context in context.settings.content.shop.description }
            shop.field("shipsToCountries") { _, context in context.settings.content.shop.shipsToCountries.map(Resolved.string) }
            shop.field("brand") { _, _ in ShopBrandValue() }
            shop.field("paymentSettings") { _, _ in PaymentSettingsValue() }
            for (field, handle) in [("privacyPolicy", "privacy-policy"), ("refundPolicy", "refund-policy"), ("shippingPolicy", "shipping-policy"), ("termsOfService", "terms-of-service")] {
                shop.field(field) { _, context in context.settings.content.policies.firstIndex { $0.handle == handle }.map(ContentRef.policy) }
            }
        }
        fields.object("Brand", as: ShopBrandValue.self) { brand in
            brand.text("slogan") { _, context in context.settings.content.shop.slogan }
            brand.text("shortDescription") { _, context in context.settings.content.shop.shortDescription }
            brand.field("colors") { _, _ in BrandColorsValue() }
            brand.field("logo") { _, context in
                context.settings.content.shop.logoURL.map {
                    ImageRef.value(ImageValue(id: "gid://shopify/MediaImage/1", url: $0, altText: context.shop.store.name))
                }
            }
        }
        fields.object("BrandColors", as: BrandColorsValue.self) { colors in
            colors.field("primary") { _, context in
                context.settings.content.shop.primaryColor.map { [ColorGroupValue(background: $0, foreground: "#FFFFFF")] } ?? []
            }
            colors.field("secondary") { _, context in
                context.settings.content.shop.secondaryColor.map { [ColorGroupValue(background: $0, foreground: "#000000")] } ?? []
            }
        }
        fields.object("BrandColorGroup", as: ColorGroupValue.self) { group in
            group.text("background") { group, _ in group.background }
            group.text("foreground") { group, _ in group.foreground }
        }
        // A product's media image travels as the product's position, as its image does; the
        // shop's logo as an `ImageValue`.
        fields.object("MediaImage", as: ImageRef.self) { media in
            media.text("id") { image, _ in
                switch image {
                case .product(let position): StorefrontID.media(product: position)
                case .value(let value): value.id
                }
            }
            media.text("alt") { image, context in
                switch image {
                case .product(let position): try context.product(position).name
                case .value(let value): value.altText
                }
            }
            media.text("mediaContentType") { _, _ in "IMAGE" }
            for field in ["image", "previewImage"] {
                media.field(field) { image, _ in image }
            }
        }
        fields.object("PaymentSettings", as: PaymentSettingsValue.self) { settings in
            settings.field("acceptedCardBrands") { _, context in context.settings.content.shop.acceptedCardBrands.map(Resolved.string) }
            settings.text("countryCode") { _, context in context.settings.content.shop.country.isoCode }
            settings.text("currencyCode") { _, context in context.currency.code }
            settings.field("enabledPresentmentCurrencies") { _, context in [Resolved.string(context.currency.code)] }
            settings.field("supportedDigitalWallets") { _, _ in [Resolved]() }
            settings.text("cardVaultUrl") { _, context in "https://\(context.settings.domain)/card-vault" }
        }
    }

    private static func documentFields(_ fields: inout ModeledFields) {
        for type in ["Page", "Blog", "Article", "ShopPolicy", "Menu"] {
            fields.object(type, as: ContentRef.self) { document in
                document.text("id") { ref, _ in ref.id }
            }
        }
        fields.object("ShopPolicy", as: ContentRef.self) { policy in
            policy.text("handle") { ref, context in try context.policy(ref).handle }
            policy.text("title") { ref, context in try context.policy(ref).title }
            policy.text("body") { ref, context in try context.policy(ref).body }
            policy.text("url") { ref, context in "https://\(context.settings.domain)/policies/\(try context.policy(ref).handle)" }
        }
        fields.object("Page", as: ContentRef.self) { page in
            page.text("handle") { ref, context in try context.page(ref).handle }
            page.text("title") { ref, context in try context.page(ref).title }
            page.text("body") { ref, context in try context.page(ref).body }
            page.text("bodySummary") { ref, context in PlainText.truncated(PlainText.of(try context.page(ref).body), 150) }
            page.text("createdAt") { ref, context in (try context.page(ref).createdAt ?? context.shop.startClock).iso8601 }
            page.text("updatedAt") { ref, context in (try context.page(ref).createdAt ?? context.shop.startClock).iso8601 }
            page.text("onlineStoreUrl") { ref, context in "https://\(context.settings.domain)/pages/\(try context.page(ref).handle)" }
        }
        fields.object("Blog", as: ContentRef.self) { blog in
            blog.text("handle") { ref, context in try context.blog(ref).handle }
            blog.text("title") { ref, context in try context.blog(ref).title }
            blog.text("onlineStoreUrl") { ref, context in "https://\(context.settings.domain)/blogs/\(try context.blog(ref).handle)" }
            blog.field("articles", PagingArguments.self) { ref, paging, context in
                guard case .blog(let blog) = ref else { throw FieldError("Not a blog.") }
                let articles = context.settings.content.articles
                return try context.contentPage(paging, articles.indices.filter { articles[$0].blog == blog }.map(ContentRef.article))
            }
            blog.field("articleByHandle", ArgumentKey<String>("handle", .nonNull(.string))) { ref, handle, context in
                guard case .blog(let blog) = ref else { return ContentRef?.none }
                let articles = context.settings.content.articles
                return articles.indices.first { articles[$0].blog == blog && articles[$0].article.handle == handle }.map(ContentRef.article)
            }
            blog.field("authors") { ref, context in
                guard case .blog(let blog) = ref else { return [StorefrontContent.Author]() }
                var seen: Set<String> = []
                return context.settings.content.blogs[blog].articles.map(\.author).filter { seen.insert($0.email).inserted }
            }
        }
        fields.object("Article", as: ContentRef.self) { article in
            article.text("handle") { ref, context in try context.article(ref).handle }
            article.text("title") { ref, context in try context.article(ref).title }
            article.field("content", ContentKeys.truncateAt) { ref, limit, context in
                Resolved.string(PlainText.truncated(PlainText.of(try context.article(ref).content), limit))
            }
            article.text("contentHtml") { ref, context in try context.article(ref).content }
            article.field("excerpt", ContentKeys.truncateAt) { ref, limit, context in
                Resolved.optional(try context.article(ref).excerpt.map { PlainText.truncated($0, limit) })
            }
            article.text("excerptHtml") { ref, context in try context.article(ref).excerpt.map { "<p>" + HTMLText.escaped($0) + "</p>" } }
            article.text("publishedAt") { ref, context in try context.article(ref).publishedAt.iso8601 }
            article.field("tags") { ref, context in try context.article(ref).tags.map(Resolved.string) }
            article.field("authorV2") { ref, context in try context.article(ref).author }
            article.field("author") { ref, context in try context.article(ref).author }
            article.field("blog") { ref, context in
                guard case .article(let index) = ref else { throw FieldError("Not an article.") }
                return ContentRef.blog(context.settings.content.articles[index].blog)
            }
            article.field("image") { ref, context in
                guard case .article(let index) = ref, let url = context.settings.content.articles[index].article.imageURL else { return ImageRef?.none }
                return .value(ImageValue(
                    id: "gid://shopify/ArticleImage/\(ContentRef.articleBase + index)", url: url, altText: context.settings.content.articles[index].article.title))
            }
            article.text("onlineStoreUrl") { ref, context in
                guard case .article(let index) = ref else { return nil }
                let (blog, article) = context.settings.content.articles[index]
                return "https://\(context.settings.domain)/blogs/\(context.settings.content.blogs[blog].handle)/\(article.handle)"
            }
        }
        fields.object("ArticleAuthor", as: StorefrontContent.Author.self) { author in
            author.text("firstName") { author, _ in author.firstName }
            author.text("lastName") { author, _ in author.lastName }
            author.text("name") { author, _ in author.firstName + " " + author.lastName }
            author.text("email") { author, _ in author.email }
            author.text("bio") { author, _ in author.bio }
        }
    }

    private static func menuFields(_ fields: inout ModeledFields) {
        fields.object("Menu", as: ContentRef.self) { menu in
            menu.text("handle") { ref, context in try context.menu(ref).handle }
            menu.text("title") { ref, context in try context.menu(ref).title }
            menu.field("items") { ref, context in try context.menuItems(ref) }
            menu.field("itemsCount") { ref, context in Resolved.int(try context.menuItems(ref).count) }
        }
        fields.object("MenuItem", as: MenuItemValue.self) { item in
            item.text("id") { item, _ in item.id }
            item.text("title") { item, _ in item.item.title }
            item.text("type") { item, _ in item.item.type }
            item.field("tags") { _, _ in [Resolved]() }
            item.field("items") { item, _ in item.children }
            item.text("url") { item, context in context.url(of: item.item) }
            item.field("resource") { item, context in try context.resource(of: item.item).map { resource throws(FieldError) in try context.member(resource) } ?? .null }
            item.text("resourceId") { item, context in
                switch context.resource(of: item.item) {
                case .content(let ref)?: ref.id
                case .collection(let ref)?: context.id(of: ref)
                case .product?, nil: nil
                }
            }
        }
    }

    private static func localizationFields(_ fields: inout ModeledFields) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("localization") { _, _ in LocalizationValue() }
        }
        fields.object("Localization", as: LocalizationValue.self) { localization in
            localization.field("country") { _, context in context.settings.content.shop.country }
            localization.field("language") { _, context in context.settings.content.shop.language }
            localization.field("availableCountries") { _, context in [context.settings.content.shop.country] }
            localization.field("availableLanguages") { _, context in [context.settings.content.shop.language] }
        }
        fields.object("Country", as: StorefrontContent.Country.self) { country in
            country.text("isoCode") { country, _ in country.isoCode }
            country.text("name") { country, _ in country.name }
            country.text("unitSystem") { country, _ in country.unitSystem }
            country.field("currency") { country, _ in CurrencyValue(country: country) }
            country.field("defaultLanguage") { _, context in context.settings.content.shop.language }
            country.field("availableLanguages") { _, context in [context.settings.content.shop.language] }
        }
        fields.object("Currency", as: CurrencyValue.self) { currency in
            currency.text("isoCode") { _, context in context.currency.code }
            currency.text("name") { currency, _ in currency.country.currencyName }
            currency.text("symbol") { _, context in context.currency.symbol }
        }
        fields.object("Language", as: StorefrontContent.Language.self) { language in
            language.text("isoCode") { language, _ in language.isoCode }
            language.text("name") { language, _ in language.name }
            language.text("endonymName") { language, _ in language.endonymName }
        }
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

struct ShopBrandValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Brand" }
}

struct BrandColorsValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "BrandColors" }
}

struct PaymentSettingsValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "PaymentSettings" }
}

struct LocalizationValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Localization" }
}

/// A country's `currency`: the shop's, named as the country names it.
struct CurrencyValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Currency" }
    let country: StorefrontContent.Country
}

extension StorefrontContent.Author: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "ArticleAuthor" }
}

extension StorefrontContent.Country: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Country" }
}

extension StorefrontContent.Language: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Language" }
}

struct ColorGroupValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "BrandColorGroup" }

    let background: String
    let foreground: String
}
