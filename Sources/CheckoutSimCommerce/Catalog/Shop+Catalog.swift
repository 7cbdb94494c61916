
/// Favorites, suggestions and products added at run time (docs/schema.md#everything-else).
extension Shop {
    /// Marks a product as a favorite of the session (again is fine).
    package mutating func addFavorite(productId: String, session name: String) throws(CommerceError) {
        try withSession(name) { session, shop throws(CommerceError) in
            _ = try shop.product(productId)
            if !session.favorites.contains(productId) {
                session.favorites.insert(productId, at: 0)
                session.favoritedAt[productId] = shop.clock
            }
        }
    }

    /// Empties the session's favorites.
    package mutating func clearFavorites(session name: String) {
        withSession(name) { session, _ in
            session.favorites.removeAll()
            session.favoritedAt.removeAll()
        }
    }

    /// Removes a product from the session's favorites.
    package mutating func removeFavorite(productId: String, session name: String) throws(CommerceError) {
        try withSession(name) { session, shop throws(CommerceError) in
            _ = try shop.product(productId)
            session.favorites.removeAll { $0 == productId }
            session.favoritedAt[productId] = nil
        }
    }

    /// In-stock products in featured order that are not in the session's cart.
    package func suggestions(first: Int, shopper session: ShopperSession) -> [Int] {
        var result: [Int] = []
        for position in catalog.indexes(for: .featured) where result.count < first {
            let product = catalog.products[position]
            if inventory.stock(at: position) > 0, session.cart.quantity(of: product.id) == 0 { result.append(position) }
        }
        return result
    }

    /// The fields of `addProduct`'s input, as given.
    package struct NewProduct: Sendable {
        /// The product's name.
        package var name: String
        /// The brand's id; nil for none.
        package var brandId: String?
        /// The category.
        package var category: String
        /// The price as a decimal string (`"19.00"`).
        package var price: String
        /// A description; nil for none.
        package var description: String?
        /// A picture; nil for none.
        package var imageURL: String?
        /// Units in stock.
        package var stock: Int
        /// The model family; nil to use the name.
        package var model: String?
        /// The tax rate as a percent string (`"8.25"`); nil for the store's default.
        package var taxRate: String?
        /// A small picture for list cells; nil for none.
        package var thumbnailURL: String?
        /// A one-line description for cards; nil for none.
        package var shortDescription: String?
        /// A size or variant label (`"500 ml"`); nil for none.
        package var attribute: String?

        /// The input as the mutation received it; `validate` checks it.
        package init(
            name: String, brandId: String?, category: String, price: String, description: String?, imageURL: String?, stock: Int,
            model: String?, taxRate: String? = nil, thumbnailURL: String? = nil, shortDescription: String? = nil, attribute: String? = nil
        ) {
            self.taxRate = taxRate
            self.thumbnailURL = thumbnailURL
            self.shortDescription = shortDescription
            self.attribute = attribute
            self.name = name
            self.brandId = brandId
            self.category = category
            self.price = price
            self.description = description
            self.imageURL = imageURL
            self.stock = stock
            self.model = model
        }
    }

    /// The most products `addProduct` adds to one shop (docs/limits.md#shop-bounds); `reset` drops them.
    package static let maxAddedProducts = 10_000
    /// The longest description or short description a new product may have, in characters.
    package static let maxDescription = 10_000
    /// The longest picture address, in characters.
    package static let maxAddress = 2_048
    /// The longest category, model or attribute label, in characters (as long as a name).
    package static let maxLabel = 120

    /// Every problem with a new product, or the product ready to add.
    ///
    /// Every text the product keeps is capped (docs/limits.md#shop-bounds), so what clients send cannot grow
    /// the shared catalog without bound.
    package func validate(_ input: NewProduct) -> Result<Product, AddProductFailure> {
        var errors: [CommerceError] = []
        func problem(_ field: String, _ message: String) {
            errors.append(CommerceError(.invalidInput, message, field: ["input", field]))
        }
        if addedProducts >= Self.maxAddedProducts {
            errors.append(CommerceError(.invalidInput, "The shop already has \(Self.maxAddedProducts) added products, the most it keeps; reset it to add more."))
        }
        for (field, text, limit) in [
            ("description", input.description, Self.maxDescription), ("shortDescription", input.shortDescription, Self.maxDescription),
            ("category", input.category, Self.maxLabel), ("model", input.model, Self.maxLabel), ("attribute", input.attribute, Self.maxLabel),
        ] {
            if let text, text.isLonger(thanCharacters: limit) {
                problem(field, "The \(field) must be at most \(limit) characters.")
            }
        }
        let name = input.name.trimmingCharacters(in: .whitespacesAndNewlines)
        if name.isEmpty || name.isLonger(thanCharacters: Self.maxLabel) {
            problem("name", "The name must be 1 to \(Self.maxLabel) characters, got \(name.unicodeScalars.count).")
        }
        if input.category.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { problem("category", "The category must not be blank.") }
        let price = currency.minorUnits(fromDecimal: input.price)
        if price == nil || price ?? 0 <= 0 || price ?? 0 > Currency.maximumAmount {
            problem("price", "The price must be a positive decimal with at most \(currency.fractionDigits) decimals, like \"12.50\"; got \"\(input.price)\".")
        }
        if input.stock < 0 { problem("stock", "The stock must be 0 or more, got \(input.stock).") }
        let brandId = input.brandId ?? store.defaultBrandId
        if let brandId {
            if catalog.brand(id: brandId) == nil { problem("brandId", "There is no brand \"\(brandId)\".") }
        } else {
            problem("brandId", "A brand is required: every product belongs to one, and the store sets no defaultBrandId.")
        }
        let taxRate = input.taxRate.map { TaxRate(percent: $0) } ?? store.defaultTaxRate
        if taxRate == nil {
            problem("taxRate", "The tax rate must be a percent from 0 to 100 with at most 2 decimals, like \"8.25\"; got \"\(input.taxRate ?? "")\".")
        }
        for (field, address) in [("imageURL", input.imageURL), ("thumbnailURL", input.thumbnailURL)] {
            if let address, address.isLonger(thanCharacters: Self.maxAddress) {
                problem(field, "The \(field) must be at most \(Self.maxAddress) characters.")
            } else if let address, !WebAddress.isAbsoluteHTTP(address) {
                problem(field, "The \(field) must be an absolute http or https URL, like \"https://example.com/a.jpg\"; got \"\(address)\".")
            }
        }
        guard errors.isEmpty, let price, let brandId, let taxRate else { return .failure(AddProductFailure(errors: errors)) }
        return .success(Product(
            id: "new-\(addedProducts + 1)", name: name, brandId: brandId, model: input.model ?? name,
            category: input.category.trimmingCharacters(in: .whitespacesAndNewlines), description: input.description ?? "",
            price: price, compareAtPrice: nil, initialStock: input.stock, maxPerOrder: store.defaultMaxPerOrder, createdAt: clock,
            imageURL: input.imageURL, rank: catalog.nextRank, thumbnailURL: input.thumbnailURL, shortDescription: input.shortDescription,
            attribute: input.attribute, taxRate: taxRate))
    }

    /// Adds a product to the shared catalog; it appears in every query at once.
    package mutating func addProduct(_ input: NewProduct) -> Result<Int, AddProductFailure> {
        switch validate(input) {
        case .failure(let failure):
            return .failure(failure)
        case .success(let product):
            addedProducts += 1
            catalog.add(product)
            inventory.append(product)
            return .success(catalog.products.count - 1)
        }
    }
}

/// All the reasons a new product was refused.
package struct AddProductFailure: Error, Sendable, Equatable {
    /// Every problem with the input, in field order.
    package let errors: [CommerceError]
}
