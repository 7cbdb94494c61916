import CheckoutSimCommerce

/// What a storefront shows besides products (docs/storefront.md#shop-content): the shop's
/// brand, policies, menus, pages, a blog, curated collections and its one country and language,
/// from `MockResponses/storefront/content.json`. Read-only: a reset never touches it.
package final class StorefrontContent: Sendable {
    package struct ShopInfo: Sendable {
        var description: String?
        var slogan: String?
        var shortDescription: String?
        var primaryColor: String?
        var secondaryColor: String?
        var logoURL: String?
        var shipsToCountries: [String] = []
        var acceptedCardBrands: [String] = []
        var country = Country()
        var language = Language()
    }

    /// The countries a checkout may ship to, the shop's own first (`shipsToCountries`, or the
    /// shop's country alone when it lists none): the hosted checkout's choices (docs/checkout-page.md).
    package var checkoutCountries: [String] {
        let own = shop.country.isoCode
        return [own] + shop.shipsToCountries.filter { $0 != own }
    }

    package struct Country: Sendable {
        var isoCode = "US"
        var name = "United States"
        var currencyName = "US Dollar"
        var unitSystem = "IMPERIAL_SYSTEM"
    }

    package struct Language: Sendable {
        var isoCode = "EN"
        var name = "English"
        var endonymName = "English"
    }

    /// A policy, a page: a handle, a title and an HTML body.
    package struct Document: Sendable {
        let handle: String
        let title: String
        let body: String
        var createdAt: Instant?
    }

    package struct MenuItem: Sendable {
        let title: String
        let type: String
        let url: String?
        /// The handle of the collection, page, blog, policy or product it leads to.
        let resource: String?
        let items: [MenuItem]
    }

    package struct Menu: Sendable {
        let handle: String
        let title: String
        let items: [MenuItem]
    }

    package struct Author: Sendable {
        let firstName: String
        let lastName: String
        let email: String
        let bio: String?
    }

    package struct Article: Sendable {
        let handle: String
        let title: String
        let content: String
        let excerpt: String?
        let author: Author
        let publishedAt: Instant
        let tags: [String]
        let imageURL: String?
    }

    package struct Blog: Sendable {
        let handle: String
        let title: String
        let articles: [Article]
    }

    /// A curated collection: a handle, a title, a description and products by id, in order.
    package struct Curated: Sendable {
        let handle: String
        let title: String
        let description: String
        let products: [String]
    }

    /// A gift card a cart may apply: its code (compared ignoring case) and its balance in minor units.
    package struct GiftCard: Sendable {
        let code: String
        let balance: Int64
    }

    /// A URL redirect the online store keeps: a path and where it leads.
    package struct Redirect: Sendable {
        let path: String
        let target: String
    }

    let shop: ShopInfo
    let policies: [Document]
    let menus: [Menu]
    let pages: [Document]
    let blogs: [Blog]
    let curated: [Curated]
    let giftCards: [GiftCard]
    let redirects: [Redirect]
    /// Every article with its blog's index, blog by blog (made once: fields index into it).
    let articles: [(blog: Int, article: Article)]

    init(
        shop: ShopInfo, policies: [Document], menus: [Menu], pages: [Document], blogs: [Blog], curated: [Curated], giftCards: [GiftCard],
        redirects: [Redirect]
    ) {
        self.shop = shop
        self.policies = policies
        self.menus = menus
        self.pages = pages
        self.blogs = blogs
        self.curated = curated
        self.giftCards = giftCards
        self.redirects = redirects
        articles = blogs.indices.flatMap { blog in blogs[blog].articles.map { (blog, $0) } }
    }

    /// No content: every shop field answers from `store.json` or its default.
    package static let empty = StorefrontContent(shop: ShopInfo(), policies: [], menus: [], pages: [], blogs: [], curated: [], giftCards: [], redirects: [])
}
