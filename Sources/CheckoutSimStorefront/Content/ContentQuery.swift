import CheckoutSimCommerce

/// `pages(query:)`, `blogs(query:)` and `articles(query:)` (docs/storefront.md#shop-content): Shopify's
/// search syntax (`SearchQuery`, read in one linear pass, at most 4,096 bytes) over a content
/// item's fields. A `field:value` term compares that field whole, ignoring case (a trailing `*`
/// makes it a prefix); a plain term, or a field the item does not have, is a word of its title.
/// Each item costs a bounded number of comparisons per term of the query.
struct ContentQuery {
    /// A content item as the query sees it: its title's words and its fields' values, lowercased.
    struct Item {
        let title: String
        let fields: [(name: String, values: [String])]

        init(title: String, fields: [(String, [String])]) {
            self.title = title.lowercased()
            self.fields = fields.map { ($0.0, $0.1.map { $0.lowercased() }) }
        }
    }

    let query: SearchQuery

    init(_ text: String) {
        query = SearchQuery(text)
    }

    /// The indices of `count` items whose item answers the query, in order.
    func matching(_ count: Int, item: (Int) -> Item) -> [Int] {
        guard let root = query.root else { return Array(0..<count) }
        return (0..<count).filter { Self.matches(root, item($0)) }
    }

    static func matches(_ node: SearchQuery.Node, _ item: Item) -> Bool {
        switch node {
        case .term(let term): return matches(term, item)
        case .not(let inner): return !matches(inner, item)
        case .and(let nodes): return nodes.allSatisfy { matches($0, item) }
        case .or(let nodes): return nodes.contains { matches($0, item) }
        }
    }

    static func matches(_ term: SearchQuery.Term, _ item: Item) -> Bool {
        if let field = term.field, let values = item.fields.first(where: { $0.name == field })?.values {
            return values.contains { SearchQuery.equalsOrPrefix(term, $0) }
        }
        return SearchQuery.wordMatch(term, words: WordList(item.title))
    }
}

extension StorefrontContent {
    /// A page or blog as a query sees it: `title` and `handle`.
    static func queryItem(handle: String, title: String) -> ContentQuery.Item {
        ContentQuery.Item(title: title, fields: [("title", [title]), ("handle", [handle])])
    }

    /// An article as a query sees it: `title`, `handle`, `author`, `tag`, `blog_title`.
    func queryItem(article index: Int) -> ContentQuery.Item {
        let (blog, article) = articles[index]
        let author = "\(article.author.firstName) \(article.author.lastName)"
        return ContentQuery.Item(title: article.title, fields: [
            ("title", [article.title]), ("handle", [article.handle]), ("author", [author]), ("tag", article.tags),
            ("blog_title", [blogs[blog].title]),
        ])
    }
}
