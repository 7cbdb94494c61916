/// Cart mutations (docs/schema.md#cart): every check runs before anything changes.
extension Shop {
    /// Adds `quantity` units of a product's variant to the session's cart, checking stock and the
    /// per-order limit. Without a variant, the product's first variant in stock (else its first)
    /// — what a product without options has only one of.
    package mutating func addToCart(productId: String, variant: Int? = nil, quantity: Int, session name: String) throws(CommerceError) {
        try withSession(name) { session, shop throws(CommerceError) in
            let (position, product) = try shop.product(productId)
            let variant = try shop.variant(variant, of: product, at: position)
            guard quantity >= 1 else {
                throw CommerceError(.invalidQuantity, "Quantity must be at least 1, got \(quantity).", field: ["quantity"])
            }
            let index = session.cart.lineIndex(of: productId, variant: variant)
            let current = index.map { session.cart.lines[$0].quantity } ?? 0
            let (wanted, overflow) = current.addingReportingOverflow(quantity)
            try shop.checkQuantity(overflow ? Int.max : wanted, of: product, variant: variant, at: position, in: session.cart)
            if let index {
                session.cart.lines[index].quantity = wanted
            } else {
                session.cart.lines.append(CartLine(productId: productId, variant: variant, quantity: wanted))
            }
        }
    }

    /// Sets a cart line's quantity; 0 removes the line. A quantity at or below the line's current
    /// one is always accepted, so a stepper can go down after someone else bought the stock.
    /// Without a variant, the product's first line.
    package mutating func updateCartLine(productId: String, variant: Int? = nil, quantity: Int, session name: String) throws(CommerceError) {
        try withSession(name) { session, shop throws(CommerceError) in
            guard quantity >= 0 else {
                throw CommerceError(.invalidQuantity, "Quantity must be 0 or more, got \(quantity).", field: ["quantity"])
            }
            guard let index = session.cart.lineIndex(of: productId, variant: variant) else {
                throw CommerceError(.lineNotFound, "The cart has no line for \"\(productId)\".", field: ["productId"])
            }
            if quantity == 0 {
                session.cart.lines.remove(at: index)
                return
            }
            if quantity > session.cart.lines[index].quantity {
                let (position, product) = try shop.product(productId)
                try shop.checkQuantity(quantity, of: product, variant: session.cart.lines[index].variant, at: position, in: session.cart)
            }
            session.cart.lines[index].quantity = quantity
        }
    }

    /// Removes a product's line (its variant's, or its first) from the session's cart.
    package mutating func removeFromCart(productId: String, variant: Int? = nil, session name: String) throws(CommerceError) {
        try withSession(name) { session, _ throws(CommerceError) in
            guard let index = session.cart.lineIndex(of: productId, variant: variant) else {
                throw CommerceError(.lineNotFound, "The cart has no line for \"\(productId)\".", field: ["productId"])
            }
            session.cart.lines.remove(at: index)
        }
    }

    /// The index of a product's variant by its id; nil when no id is given.
    package func variantIndex(_ variantId: String?, of productId: String) throws(CommerceError) -> Int? {
        guard let variantId else { return nil }
        let (_, product) = try product(productId)
        guard let index = product.variantIndex(id: variantId) else {
            throw CommerceError(.productNotFound, "\"\(product.name)\" has no variant \"\(variantId)\".", field: ["variantId"])
        }
        return index
    }

    /// The variant named, checked, or the first one in stock (else the first).
    func variant(_ given: Int?, of product: Product, at position: Int) throws(CommerceError) -> Int {
        if let given {
            guard product.variants.indices.contains(given) else {
                throw CommerceError(.productNotFound, "\"\(product.name)\" has no variant \(given + 1).", field: ["variantId"])
            }
            return given
        }
        return product.variants.indices.first { inventory.stock(at: position, variant: $0) > 0 } ?? 0
    }

    /// Empties the cart: lines, offer and scratch card (which goes back to `REVEALED`).
    package mutating func clearCart(session name: String) {
        withSession(name) { session, _ in
            Shop.detachScratchCard(from: &session)
            session.cart = Cart()
        }
    }

    /// The per-order limit, stock, then the cart's subtotal with the line at `quantity`: the
    /// checks shared by adding and updating.
    func checkQuantity(_ quantity: Int, of product: Product, variant: Int, at position: Int, in cart: Cart) throws(CommerceError) {
        guard quantity <= product.maxPerOrder else {
            throw CommerceError(
                .quantityLimitExceeded,
                "At most \(product.maxPerOrder) of \"\(product.name)\" fit in one order; the cart would hold \(quantity).",
                field: ["quantity"])
        }
        let stock = inventory.stock(at: position, variant: variant)
        guard stock > 0 else {
            throw CommerceError(.outOfStock, "\"\(product.name)\" is out of stock.", field: ["productId"])
        }
        guard quantity <= stock else {
            throw CommerceError(
                .insufficientStock, "Only \(stock) of \"\(product.name)\" \(stock == 1 ? "is" : "are") available; the cart would hold \(quantity).",
                field: ["quantity"])
        }
        try checkSubtotal(cart, setting: (product.id, variant), to: quantity, price: product.variants[variant].price)
    }

    /// Refuses a change that would take the cart's subtotal past `Currency.maximumCartSubtotal`
    /// (see there why that bound keeps every later sum inside `Int64`).
    private func checkSubtotal(_ cart: Cart, setting line: (productId: String, variant: Int), to quantity: Int, price: Int64) throws(CommerceError) {
        let limit = Currency.maximumCartSubtotal
        var subtotal = Int64(0)
        var overflow = false
        for other in cart.lines where other.productId != line.productId || other.variant != line.variant {
            guard let position = catalog.position(of: other.productId) else { continue }
            let (part, over1) = catalog.products[position].price(of: other.variant).multipliedReportingOverflow(by: Int64(other.quantity))
            let (sum, over2) = subtotal.addingReportingOverflow(part)
            subtotal = sum
            overflow = overflow || over1 || over2
        }
        let (part, over1) = price.multipliedReportingOverflow(by: Int64(quantity))
        let (sum, over2) = subtotal.addingReportingOverflow(part)
        guard overflow || over1 || over2 || sum > limit else { return }
        throw CommerceError(
            .quantityLimitExceeded,
            "The cart's subtotal would pass \(currency.formatted(limit)), the most one order can hold.", field: ["quantity"])
    }

    static func detachScratchCard(from session: inout ShopperSession) {
        guard let id = session.cart.scratchCardId else { return }
        if let index = session.scratchCards.firstIndex(where: { $0.id == id }), session.scratchCards[index].state == .applied {
            session.scratchCards[index].state = .revealed
        }
        session.cart.scratchCardId = nil
    }
}
