import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A created cart as the dialect carries it: its data and its totals, worked out once when the
/// cart is read (docs/storefront.md#carts).
struct CartValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Cart" || name == "CartDelivery" }

    let details: CartDetails
    let view: CartView
    /// The offer the cart carries, when it applies now.
    let appliedOffer: OfferDefinition?

    var token: String { details.token }
}

/// One line of a created cart.
struct CartLineValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartLine" }

    let cart: CartValue
    let line: CartLineView
}

/// A discount allocated to a cart or a line: the code, the amount and what it targets.
struct AllocationValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartCodeDiscountAllocation" }

    let code: String
    let amount: Int64
    let offer: OfferDefinition
}

/// A `CartUserError`.
struct CartUserErrorValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartUserError" }

    let code: String
    let field: [String]?
    let message: String
}

/// A `CartWarning`.
struct CartWarningValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "CartWarning" }

    let code: String
    let message: String
    let target: String
}

/// What every cart mutation's payload reads: the cart (null when there is none) and what went wrong.
struct CartPayloadValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name.hasPrefix("Cart") && name.hasSuffix("Payload") }

    var cart: CartValue?
    var userErrors: [CartUserErrorValue] = []
    var warnings: [CartWarningValue] = []
}

/// Cart and line ids (docs/storefront.md#ids).
enum CartID {
    /// `gid://shopify/Cart/TOKEN?key=KEY`.
    static func cart(_ details: CartDetails) -> String {
        "gid://shopify/Cart/\(details.token)?key=\(details.key)"
    }

    /// The cart an id names: its token and its `key` parameter. An id without its key names no
    /// cart (docs/storefront.md#carts): a cart belongs to whoever holds both.
    static func parse(_ id: String) -> CartReference? {
        let prefix = "gid://shopify/Cart/"
        guard id.hasPrefix(prefix) else { return nil }
        let rest = id.dropFirst(prefix.count)
        let token = rest.prefix { $0 != "?" }
        guard !token.isEmpty, token.utf8.count <= 64 else { return nil }
        var key: String?
        if let query = rest.firstIndex(of: "?") {
            for pair in rest[rest.index(after: query)...].split(separator: "&") where pair.hasPrefix("key=") {
                key = String(pair.dropFirst(4))
            }
        }
        guard let key, !key.isEmpty else { return nil }
        return CartReference(token: String(token), key: key)
    }

    /// `gid://shopify/CartLine/N?cart=TOKEN`, N the variant's number: stable while the line lives.
    static func line(_ line: CartLineView, token: String) -> String {
        self.line(position: line.position, variant: line.variant, token: token)
    }

    static func line(position: Int, variant: Int, token: String) -> String {
        "gid://shopify/CartLine/\((StorefrontID.productBase + position) * StorefrontID.variantsPerProduct + variant + 1)?cart=\(token)"
    }

    /// The product position and variant a line id names, when it names a line of cart `token`.
    static func parseLine(_ id: String, token: String) -> (position: Int, variant: Int)? {
        guard id.hasSuffix("?cart=\(token)"), let (type, number) = StorefrontID.parse(id), type == "CartLine" else { return nil }
        let product = number / StorefrontID.variantsPerProduct - StorefrontID.productBase
        let variant = number % StorefrontID.variantsPerProduct - 1
        guard product >= 0, variant >= 0 else { return nil }
        return (product, variant)
    }
}

extension StorefrontContext {
    /// The created cart an id names, read now; nil when there is none (or the key is wrong).
    func cart(id: String) -> CartValue? {
        CartID.parse(id).flatMap(cart)
    }

    func cart(_ reference: CartReference) -> CartValue? {
        guard let (session, details) = shop.createdCart(reference) else { return nil }
        let view = shop.cartView(for: session)
        return CartValue(details: details, view: view, appliedOffer: view.offerApplies ? view.offer : nil)
    }

    /// The cart's checkout page on the server that answered (docs/storefront.md#carts).
    func checkoutURL(_ details: CartDetails) -> String {
        "\(settings.origin)/checkouts/cn/\(details.token)?key=\(details.key)"
    }

    /// The allocations of the cart's applied offer: on each entitled line for an offer limited to
    /// a brand, on the cart for one that applies to everything.
    func allocations(of cart: CartValue, line: CartLineView?) -> [AllocationValue] {
        guard let offer = cart.appliedOffer else { return [] }
        let discounts = cart.view.discounts.filter { $0.source == .offer && !$0.freeShipping }
        guard !discounts.isEmpty else { return [] }
        switch (offer.brandId != nil, line) {
        case (true, let line?) where line.discount > 0: return [AllocationValue(code: offer.code, amount: line.discount, offer: offer)]
        case (false, nil): return discounts.map { AllocationValue(code: offer.code, amount: $0.amount, offer: offer) }
        default: return []
        }
    }

    /// A line's total after its own allocations (a whole-cart discount is the cart's).
    func lineTotal(_ line: CartLineView, in cart: CartValue) -> Int64 {
        line.subtotal - allocations(of: cart, line: line).reduce(0) { $0 + $1.amount }
    }
}
