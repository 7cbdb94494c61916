import CheckoutSimCommerce
import CheckoutSimGraphQL

extension StorefrontContext {
    /// `page(handle:|id:)` and `blog(handle:|id:)`: the content the arguments name, or null.
    func lookup(handle: String?, id: String?, in handles: [String], as make: (Int) -> ContentRef) -> ContentRef? {
        if let handle { return handles.firstIndex(of: handle).map(make) }
        if let id, let ref = ContentRef.parse(id, in: settings.content), ref.typeName == make(0).typeName { return ref }
        return nil
    }

    /// A connection of content, paged by id.
    func contentPage(_ paging: PagingArguments, _ refs: [ContentRef]) throws(FieldError) -> ConnectionPage {
        try paging.page(of: refs.map(\.carried), keys: refs.map(\.id), list: "content")
    }

    func page(_ ref: ContentRef) throws(FieldError) -> StorefrontContent.Document {
        guard case .page(let index) = ref else { throw FieldError("Not a page.") }
        return settings.content.pages[index]
    }

    func redirect(_ ref: ContentRef) throws(FieldError) -> StorefrontContent.Redirect {
        guard case .redirect(let index) = ref else { throw FieldError("Not a redirect.") }
        return settings.content.redirects[index]
    }

    func policy(_ ref: ContentRef) throws(FieldError) -> StorefrontContent.Document {
        guard case .policy(let index) = ref else { throw FieldError("Not a policy.") }
        return settings.content.policies[index]
    }

    func blog(_ ref: ContentRef) throws(FieldError) -> StorefrontContent.Blog {
        guard case .blog(let index) = ref else { throw FieldError("Not a blog.") }
        return settings.content.blogs[index]
    }

    func article(_ ref: ContentRef) throws(FieldError) -> StorefrontContent.Article {
        guard case .article(let index) = ref else { throw FieldError("Not an article.") }
        return settings.content.articles[index].article
    }

    func menu(_ ref: ContentRef) throws(FieldError) -> StorefrontContent.Menu {
        guard case .menu(let index) = ref else { throw FieldError("Not a menu.") }
        return settings.content.menus[index]
    }

    func menuItems(_ ref: ContentRef) throws(FieldError) -> [MenuItemValue] {
        guard case .menu(let index) = ref else { throw FieldError("Not a menu.") }
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

    /// What a menu item's resource names: a collection, a page, a blog, a policy or a product.
    enum MenuResource {
        case collection(CollectionRef)
        case content(ContentRef)
        case product(Int)
    }

    func resource(of item: StorefrontContent.MenuItem) -> MenuResource? {
        guard let handle = item.resource else { return nil }
        let content = settings.content
        switch item.type {
        case "COLLECTION": return collection(handle: handle).map(MenuResource.collection)
        case "PAGE": return content.pages.firstIndex { $0.handle == handle }.map { .content(.page($0)) }
        case "BLOG": return content.blogs.firstIndex { $0.handle == handle }.map { .content(.blog($0)) }
        case "SHOP_POLICY": return content.policies.firstIndex { $0.handle == handle }.map { .content(.policy($0)) }
        case "PRODUCT": return shop.catalog.position(of: handle).map(MenuResource.product)
        default: return nil
        }
    }

    /// The resource as a member of `MenuItemResource`, which names its type.
    func member(_ resource: MenuResource) throws(FieldError) -> Resolved {
        switch resource {
        case .collection(let ref): try member("Collection", ref)
        case .content(let ref): try member(ref.typeName, ref)
        case .product(let position): try member("Product", ProductRef(position))
        }
    }
}
