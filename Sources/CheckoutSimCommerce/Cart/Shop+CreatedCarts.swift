import CheckoutSimSupport

/// What names a created cart: its token and its key. A cart belongs to whoever holds both
/// (docs/storefront.md#carts): its session's name is made of both, so nothing that knows only
/// the token — a cart id without its key, a native session named `cart-TOKEN` — reaches it.
package struct CartReference: Sendable, Equatable {
    package let token: String
    package let key: String

    package init(token: String, key: String) {
        self.token = token
        self.key = key
    }

    /// The session the cart lives in: `cart-TOKEN.KEY`.
    package var session: String { "cart-\(token).\(key)" }

    /// The token of the cart whose session is `session`; nil for any other session.
    package static func token(ofSession session: String) -> String? {
        guard session.hasPrefix("cart-") else { return nil }
        return String(session.dropFirst("cart-".count).prefix { $0 != "." })
    }
}

/// Carts made on demand, each a session of its own (the Storefront dialect's carts;
/// docs/storefront.md#carts): a token and key from the seeded generator, lines added with what
/// stock allows, discount codes listed whether or not they apply.
extension Shop {

    /// Makes an empty cart: its token and key are the `n`th of the seeded sequence, so the same
    /// seed and requests give the same ids in every run; a sandbox's sequence is its own (its name
    /// is drawn in), so one sandbox's cart id names nothing on another. Nil when the shop holds
    /// `maxSessions`.
    package mutating func createCart() -> CartDetails? {
        let number = cartsCreated + 1
        let scope = cartNamespace.isEmpty ? "" : "\(cartNamespace)|"
        let token = String(SHA256.hex("cart|\(seed)|\(scope)\(number)").prefix(26))
        let key = String(SHA256.hex("key|\(seed)|\(scope)\(number)").prefix(32))
        let name = CartReference(token: token, key: key).session
        guard touchSession(name) else { return nil }
        cartsCreated = number
        let details = CartDetails(token: token, key: key, createdAt: clock, updatedAt: clock)
        withSession(name) { session, shop in
            session.cart.details = details
            session.cartLastUsed = shop.clock
        }
        return details
    }

    /// How long a cart lives without a change, as Shopify's do: 10 days on the virtual clock.
    package static let cartLifetimeSeconds: Int64 = 10 * 86_400

    /// The created cart `cart` names, when it exists and has not expired (its key is part of what names it).
    package func createdCart(_ cart: CartReference) -> (session: ShopperSession, details: CartDetails)? {
        let session = shopper(named: cart.session)
        guard let details = session.cart.details, details.token == cart.token, details.key == cart.key,
              !isExpired(details)
        else { return nil }
        return (session, details)
    }

    /// Whether the cart `cart` names exists but has expired: 10 days without a change.
    package func cartHasExpired(_ cart: CartReference) -> Bool {
        guard let details = shopper(named: cart.session).cart.details, details.key == cart.key else { return false }
        return isExpired(details)
    }

    private func isExpired(_ details: CartDetails) -> Bool {
        clock >= details.updatedAt.adding(seconds: Self.cartLifetimeSeconds)
    }

    /// Changes a created cart's own data and marks it changed at the clock's time.
    package mutating func changeCart(_ cart: CartReference, _ change: (inout CartDetails) -> Void) {
        withSession(cart.session) { session, shop in
            guard var details = session.cart.details else { return }
            change(&details)
            details.updatedAt = shop.clock
            session.cart.details = details
            session.cartLastUsed = shop.clock
        }
    }

    /// What adding to a created cart did: everything, part (stock ran short), or nothing (none left).
    package enum Addition: Sendable, Equatable {
        case added
        case limited(added: Int, available: Int)
        case outOfStock
    }

    /// Adds what stock allows of a variant to a created cart, as Shopify answers since 2024-10:
    /// an out-of-stock variant is not added; more than is left adds what is left. The per-order
    /// limit and the cart's bounds are still errors.
    package mutating func addAvailable(productId: String, variant: Int, quantity: Int, cart reference: CartReference) throws(CommerceError) -> Addition {
        let name = reference.session
        let (position, product) = try self.product(productId)
        guard product.variants.indices.contains(variant) else {
            throw CommerceError(.productNotFound, "\"\(product.name)\" has no variant \(variant + 1).", field: ["merchandiseId"])
        }
        guard quantity >= 1 else {
            throw CommerceError(.invalidQuantity, "Quantity must be at least 1, got \(quantity).", field: ["quantity"])
        }
        let cart = shopper(named: name).cart
        let current = cart.lineIndex(of: productId, variant: variant).map { cart.lines[$0].quantity } ?? 0
        let left = inventory.stock(at: position, variant: variant) - current
        guard left > 0 else { return .outOfStock }
        let added = min(quantity, left)
        try addToCart(productId: productId, variant: variant, quantity: added, session: name)
        touchCart(reference)
        return added == quantity ? .added : .limited(added: added, available: left)
    }

    /// Marks a created cart changed now.
    package mutating func touchCart(_ cart: CartReference) {
        changeCart(cart) { _ in }
    }

    /// Replaces a created cart's discount codes (blank ones dropped, duplicates kept once) and
    /// puts the first that applies (else the first offer known) on the cart as its offer.
    package mutating func setDiscountCodes(_ codes: [String], cart: CartReference) {
        var kept: [String] = []
        for code in codes.map({ $0.trimmingCharacters(in: .whitespaces) }) where !code.isEmpty {
            if !kept.contains(where: { $0.lowercased() == code.lowercased() }) { kept.append(code) }
        }
        changeCart(cart) { $0.discountCodes = kept }
        refreshOffer(cart)
    }

    /// After any change to a created cart: the offer it carries is the first code entered that
    /// applies now, else the first that names an offer at all.
    package mutating func refreshOffer(_ cart: CartReference) {
        withSession(cart.session) { session, shop in
            guard let codes = session.cart.details?.discountCodes else { return }
            let known = codes.compactMap { shop.offer(code: $0) }
            let subtotal = shop.cartView(for: session).subtotal
            let applying = known.first { shop.offerProblem($0, shopper: session, subtotal: subtotal) == nil }
            session.cart.offerCode = (applying ?? known.first)?.code
        }
    }
}
