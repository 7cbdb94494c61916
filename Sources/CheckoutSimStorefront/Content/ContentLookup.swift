import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontContext {
    /// `page(handle:|id:)` and `blog(handle:|id:)`: the content the arguments name, or null.
    func lookup(_ call: FieldCall, in handles: [String], as make: (Int) -> ContentRef) -> Resolved {
        let values = call.argumentValues
        if let handle = values["handle"]?.stringValue { return handles.firstIndex(of: handle).map { .object(make($0)) } ?? .null }
        if let id = values["id"]?.stringValue, let ref = ContentRef.parse(id, in: settings.content), ref.typeName == make(0).typeName {
            return .object(ref)
        }
        return .null
    }

    /// A connection of content, paged by id.
    func contentPage(_ call: FieldCall, _ refs: [ContentRef]) throws(FieldError) -> Resolved {
        .object(try PagingArguments(call).page(of: refs.map { .object($0) }, keys: refs.map(\.id), list: "content"))
    }

    func page(_ call: FieldCall) throws(FieldError) -> StorefrontContent.Document {
        guard case .page(let index) = try call.parent(ContentRef.self) else { throw FieldError("Not a page.") }
        return settings.content.pages[index]
    }

    func redirect(_ call: FieldCall) throws(FieldError) -> StorefrontContent.Redirect {
        guard case .redirect(let index) = try call.parent(ContentRef.self) else { throw FieldError("Not a redirect.") }
        return settings.content.redirects[index]
    }

    func policy(_ call: FieldCall) throws(FieldError) -> StorefrontContent.Document {
        guard case .policy(let index) = try call.parent(ContentRef.self) else { throw FieldError("Not a policy.") }
        return settings.content.policies[index]
    }

    func blog(_ call: FieldCall) throws(FieldError) -> StorefrontContent.Blog {
        guard case .blog(let index) = try call.parent(ContentRef.self) else { throw FieldError("Not a blog.") }
        return settings.content.blogs[index]
    }

    func article(_ call: FieldCall) throws(FieldError) -> StorefrontContent.Article {
        guard case .article(let index) = try call.parent(ContentRef.self) else { throw FieldError("Not an article.") }
        return settings.content.articles[index].article
    }

    func menu(_ call: FieldCall) throws(FieldError) -> StorefrontContent.Menu {
        guard case .menu(let index) = try call.parent(ContentRef.self) else { throw FieldError("Not a menu.") }
        return settings.content.menus[index]
    }

    func menuItems(_ call: FieldCall) throws(FieldError) -> [MenuItemValue] {
        guard case .menu(let index) = try call.parent(ContentRef.self) else { throw FieldError("Not a menu.") }
        return MenuItemValue.items(of: settings.content.menus[index], number: ContentRef.menuBase + index)
    }

    /// Where a menu item leads: its own URL made absolute, else its resource's page on the shop's domain.
    func url(of item: StorefrontContent.MenuItem) -> String? {
        let base = "https://\(settings.domain)"
        if let url = item.url { return url.hasPrefix("/") ? base + url : url }
        guard let resource = item.resource else { return item.type == "FRONTPAGE" ? base + "/" : nil }
        switch item.type {
        case "COLLECTION": return "\(base)/collections/\(resource)"
        case "PAGE": return "\(base)/pages/\(resource)"
        case "BLOG": return "\(base)/blogs/\(resource)"
        case "SHOP_POLICY": return "\(base)/policies/\(resource)"
        case "PRODUCT": return "\(base)/products/\(resource)"
        default: return nil
        }
    }

    /// The collection, page, blog, policy or product a menu item's resource names, typed.
    func resource(of item: StorefrontContent.MenuItem, schema: Schema) -> Resolved {
        guard let handle = item.resource else { return .null }
        let content = settings.content
        func typed(_ name: String, _ value: Resolved) -> Resolved {
            schema.typeIndex[name].map { .typed(type: $0, value) } ?? .null
        }
        switch item.type {
        case "COLLECTION": return collection(handle: handle).map { typed("Collection", .object($0)) } ?? .null
        case "PAGE": return content.pages.firstIndex { $0.handle == handle }.map { typed("Page", .object(ContentRef.page($0))) } ?? .null
        case "BLOG": return content.blogs.firstIndex { $0.handle == handle }.map { typed("Blog", .object(ContentRef.blog($0))) } ?? .null
        case "SHOP_POLICY": return content.policies.firstIndex { $0.handle == handle }.map { typed("ShopPolicy", .object(ContentRef.policy($0))) } ?? .null
        case "PRODUCT": return shop.catalog.position(of: handle).map { typed("Product", .integer($0)) } ?? .null
        default: return .null
        }
    }
}
