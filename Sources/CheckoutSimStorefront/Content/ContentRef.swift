import CheckoutSimGraphQL

/// A piece of shop content as the dialect carries it (docs/storefront.md#shop-content), and its id.
enum ContentRef: Sendable, BoxedObject {
    static func carries(_ name: String) -> Bool { ["Page", "Blog", "Article", "ShopPolicy", "Menu", "UrlRedirect"].contains(name) }

    case page(Int)
    case blog(Int)
    /// An article by its place among all articles, blog by blog.
    case article(Int)
    case policy(Int)
    case menu(Int)
    case redirect(Int)

    static let pageBase = 6_000_001
    static let blogBase = 7_000_001
    static let articleBase = 8_000_001
    static let menuBase = 9_000_001
    static let policyBase = 1
    static let redirectBase = 10_000_001

    var id: String {
        switch self {
        case .page(let index): "gid://shopify/Page/\(Self.pageBase + index)"
        case .blog(let index): "gid://shopify/Blog/\(Self.blogBase + index)"
        case .article(let index): "gid://shopify/Article/\(Self.articleBase + index)"
        case .policy(let index): "gid://shopify/ShopPolicy/\(Self.policyBase + index)"
        case .menu(let index): "gid://shopify/Menu/\(Self.menuBase + index)"
        case .redirect(let index): "gid://shopify/UrlRedirect/\(Self.redirectBase + index)"
        }
    }

    /// The schema's type for it.
    var typeName: String {
        switch self {
        case .page: "Page"
        case .blog: "Blog"
        case .article: "Article"
        case .policy: "ShopPolicy"
        case .menu: "Menu"
        case .redirect: "UrlRedirect"
        }
    }

    /// The content a global id names in `content`, if any.
    static func parse(_ id: String, in content: StorefrontContent) -> ContentRef? {
        guard let (type, number) = StorefrontID.parse(id) else { return nil }
        func within(_ base: Int, _ count: Int) -> Int? { (base..<(base + count)).contains(number) ? number - base : nil }
        switch type {
        case "Page": return within(pageBase, content.pages.count).map(ContentRef.page)
        case "Blog": return within(blogBase, content.blogs.count).map(ContentRef.blog)
        case "Article": return within(articleBase, content.articles.count).map(ContentRef.article)
        case "ShopPolicy": return within(policyBase, content.policies.count).map(ContentRef.policy)
        case "Menu": return within(menuBase, content.menus.count).map(ContentRef.menu)
        case "UrlRedirect": return within(redirectBase, content.redirects.count).map(ContentRef.redirect)
        default: return nil
        }
    }
}

/// One menu item, with its id (the menu's number × 1000 + its place, depth first).
struct MenuItemValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "MenuItem" }

    let item: StorefrontContent.MenuItem
    let id: String
    let children: [MenuItemValue]

    /// The items of menu `menu`, numbered depth first.
    static func items(of menu: StorefrontContent.Menu, number: Int) -> [MenuItemValue] {
        var next = 0
        func build(_ items: [StorefrontContent.MenuItem]) -> [MenuItemValue] {
            items.map { item in
                next += 1
                let id = "gid://shopify/MenuItem/\(number * 1000 + next)"
                return MenuItemValue(item: item, id: id, children: build(item.items))
            }
        }
        return build(menu.items)
    }
}

/// Text without its HTML tags (for `content`, `bodySummary`): the characters between tags, entities as written.
enum PlainText {
    static func of(_ html: String) -> String {
        var text = ""
        var inTag = false
        for scalar in html.unicodeScalars {
            if scalar == "<" { inTag = true; continue }
            if scalar == ">", inTag { inTag = false; text += " "; continue }
            if !inTag { text.unicodeScalars.append(scalar) }
        }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func truncated(_ text: String, _ limit: Int?) -> String {
        guard let limit, limit >= 0 else { return text }
        return String(String.UnicodeScalarView(text.unicodeScalars.prefix(limit)))
    }
}
