
/// Offer codes (docs/schema.md#offers).
extension Shop {
    /// Why `offer` does not qualify for the session's cart now, or nil when it does.
    package func offerProblem(_ offer: OfferDefinition, shopper session: ShopperSession, subtotal: Int64) -> CommerceError? {
        if let expiresAt = offer.expiresAt, clock > expiresAt {
            return CommerceError(.offerExpired, "The offer \"\(offer.code)\" expired at \(expiresAt.iso8601).", field: ["code"])
        }
        if let minSpend = offer.minSpend, subtotal < minSpend {
            return CommerceError(
                .offerMinSpendNotMet,
                "The offer \"\(offer.code)\" needs a subtotal of at least \(currency.formatted(minSpend)); the cart has \(currency.formatted(subtotal)).",
                field: ["code"])
        }
        if let brandId = offer.brandId {
            let hasBrand = session.cart.lines.contains { line in catalog.product(id: line.productId)?.brandId == brandId }
            if !hasBrand {
                let brandName = catalog.brand(id: brandId)?.name ?? brandId
                return CommerceError(
                    .offerNotApplicable, "The offer \"\(offer.code)\" applies only to \(brandName) products, and the cart has none.",
                    field: ["code"])
            }
        }
        if let limit = offer.usageLimit, session.uses(ofOffer: offer.code) >= limit {
            return CommerceError(
                .offerUsageLimitReached, "The offer \"\(offer.code)\" can be used \(limit) time\(limit == 1 ? "" : "s"), and has been.",
                field: ["code"])
        }
        return nil
    }

    /// The offer whose code matches `code`, ignoring case.
    package func offer(code: String) -> OfferDefinition? {
        let folded = code.lowercased()
        return offers.first { $0.code.lowercased() == folded }
    }

    /// Puts the offer with `code` (any case, spaces trimmed) on the session's cart, replacing any other.
    package mutating func applyOffer(code: String, session name: String) throws(CommerceError) {
        try withSession(name) { session, shop throws(CommerceError) in
            guard let offer = shop.offer(code: code.trimmingCharacters(in: .whitespaces)) else {
                throw CommerceError(.offerNotFound, "There is no offer with the code \"\(code)\".", field: ["code"])
            }
            let subtotal = shop.cartView(for: session).subtotal
            if let problem = shop.offerProblem(offer, shopper: session, subtotal: subtotal) { throw problem }
            session.cart.offerCode = offer.code
        }
    }

    /// Takes the offer off the session's cart.
    package mutating func removeOffer(session name: String) {
        withSession(name) { session, _ in session.cart.offerCode = nil }
    }
}
