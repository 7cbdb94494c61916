import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Payload parents: the cart after a mutation and what went wrong.
struct CartPayloadNode { let cart: CartView; let errors: [CommerceError] }
struct ScratchCardPayloadNode { let card: ScratchCard?; let cart: CartView; let errors: [CommerceError] }
struct FavoritesPayloadNode { let favorites: [String]; let errors: [CommerceError] }
struct ProductPayloadNode { let position: Int?; let errors: [CommerceError] }

extension ShopSchema {
    static func moneyField(_ name: String, _ description: String, _ value: @escaping @Sendable (FieldCall) throws -> Int64) -> F {
        F(name, "Money!", description) { call in money(try value(call)) }
    }

    static func errorsField<Node>(_ node: Node.Type, _ errors: @escaping @Sendable (Node) -> [CommerceError]) -> F {
        F("errors", "[UserError!]!", "What went wrong; empty when the mutation succeeded.") { call in
            .list(errors(try call.parent(Node.self)).map { .object($0) })
        }
    }

    static func addCartTypes(to builder: inout SchemaBuilder) {
        builder.object("CartLine", "One product in the cart and how many.", [
            F("id", "ID!", "The line's id: \"line-\" and the product id.") { call in .string("line-" + (try call.parent(CartLineView.self).productId)) },
            F("product", "Product!", "The product.") { call in product(try call.parent(CartLineView.self).position) },
            F("quantity", "Int!", "How many units.") { call in .int(try call.parent(CartLineView.self).quantity) },
            moneyField("unitPrice", "The price of one unit.") { try $0.parent(CartLineView.self).unitPrice },
            moneyField("subtotal", "Unit price times quantity.") { try $0.parent(CartLineView.self).subtotal },
            moneyField("discount", "This line's share of the order's discounts.") { try $0.parent(CartLineView.self).discount },
            moneyField("total", "Subtotal less discount.") { try $0.parent(CartLineView.self).total },
        ])
        builder.object("DiscountAllocation", "A discount applied to the cart or order.", [
            F("source", "DiscountSource!", "Where the discount came from.") { call in .string(try call.parent(DiscountAllocation.self).source.rawValue) },
            F("code", "String!", "The offer code, or the scratch card's id.") { call in .string(try call.parent(DiscountAllocation.self).code) },
            F("title", "String!", "A title to show the shopper.") { call in .string(try call.parent(DiscountAllocation.self).title) },
            moneyField("amount", "The amount taken off; for free shipping, the shipping it waived.") {
                try $0.parent(DiscountAllocation.self).amount
            },
        ])
        builder.enumeration("DiscountSource", "Where a discount came from.", [
            ("OFFER", "An offer code."), ("SCRATCH_CARD", "A scratch-card reward."),
        ])
        builder.object("Cart", "The session's cart with its totals.", [
            F("id", "ID!", "The cart's id: \"cart-\" and the session name.") { call in .string("cart-" + (try call.parent(CartView.self).sessionName)) },
            F("lines", "[CartLine!]!", "The lines, in the order products were first added.") { call in
                .list(try call.parent(CartView.self).lines.map { .object($0) })
            },
            F("totalQuantity", "Int!", "Units over all lines.") { call in .int(try call.parent(CartView.self).totalQuantity) },
            F("isEmpty", "Boolean!", "Whether the cart has no lines.") { call in .bool(try call.parent(CartView.self).lines.isEmpty) },
            moneyField("subtotal", "The sum of line subtotals.") { try $0.parent(CartView.self).subtotal },
            F("discounts", "[DiscountAllocation!]!", "The discounts applied, offer first.") { call in
                .list(try call.parent(CartView.self).discounts.map { .object($0) })
            },
            moneyField("discountTotal", "Merchandise discounts (free shipping is not counted here).") { try $0.parent(CartView.self).discountTotal },
            moneyField("shipping", "Shipping: free over the store's threshold or with a free-shipping discount.") {
                try $0.parent(CartView.self).shipping
            },
            moneyField("total", "Subtotal less discounts plus shipping.") { try $0.parent(CartView.self).total },
            F("appliedOffer", "Offer", "The offer attached to the cart, applicable or not.") { call in
                (try call.parent(CartView.self).offer).map { .object($0) } ?? .null
            },
            F("appliedScratchCard", "ScratchCard", "The scratch card attached to the cart.") { call in
                (try call.parent(CartView.self).scratchCard).map { .object($0) } ?? .null
            },
        ])
        builder.enumeration("DiscountKind", "What a discount does.", [
            ("PERCENT_OFF", "A percentage off."), ("AMOUNT_OFF", "A fixed amount off."),
            ("FREE_SHIPPING", "Shipping is free."), ("NO_REWARD", "Nothing: a scratch card that did not win."),
        ])
        builder.object("Offer", "An offer code the shop accepts.", [
            F("code", "String!", "The code to enter (case-insensitive).") { call in .string(try call.parent(OfferDefinition.self).code) },
            F("title", "String!", "A short title.") { call in .string(try call.parent(OfferDefinition.self).title) },
            F("description", "String!", "What the offer gives.") { call in .string(try call.parent(OfferDefinition.self).description) },
            F("kind", "DiscountKind!", "What the offer does.") { call in .string(try call.parent(OfferDefinition.self).value.kind.rawValue) },
            F("value", "String!", "The percentage or amount, as a decimal string.") { call in .string(try call.parent(OfferDefinition.self).value.text) },
            F("minSpend", "Money", "The subtotal the cart must reach.") { call in (try call.parent(OfferDefinition.self).minSpend).map(money) ?? .null },
            F("brand", "Brand", "The brand the offer is limited to.") { call in
                let context = try call.shop()
                guard let id = try call.parent(OfferDefinition.self).brandId else { return .null }
                return context.state.brandNode(id: id)
            },
            F("expiresAt", "String", "When the offer ends, ISO-8601 UTC.") { call in .optional((try call.parent(OfferDefinition.self).expiresAt)?.iso8601) },
            F("isApplicable", "Boolean!", "Whether the offer qualifies for this session's cart now.") { call in
                let context = try call.shop()
                let session = context.session
                let subtotal = context.state.shop.cartView(for: session).subtotal
                return .bool(context.state.shop.offerProblem(try call.parent(OfferDefinition.self), session: session, subtotal: subtotal) == nil)
            },
        ])
        builder.enumeration("ScratchCardStatus", "Where a scratch card is in its life.", [
            ("UNREVEALED", "Not scratched yet."), ("REVEALED", "Scratched; the reward is known."),
            ("APPLIED", "Attached to the cart."), ("REDEEMED", "Used on a paid order."), ("EXPIRED", "Past its expiry."),
        ])
        builder.object("ScratchReward", "What a scratch card revealed.", [
            F("kind", "DiscountKind!", "What the reward does.") { call in .string(try call.parent(ScratchReward.self).value.kind.rawValue) },
            F("title", "String!", "A title to show the shopper.") { call in .string(try call.parent(ScratchReward.self).title) },
            F("value", "String!", "The percentage or amount, as a decimal string.") { call in .string(try call.parent(ScratchReward.self).value.text) },
        ])
        builder.object("ScratchCard", "A scratch card issued to the session.", [
            F("id", "ID!", "The card's id, like \"card-1\".") { call in .string(try call.parent(ScratchCard.self).id) },
            F("status", "ScratchCardStatus!", "The card's status now.") { call in
                .string(try call.parent(ScratchCard.self).status(at: try call.shop().state.shop.clock))
            },
            F("reward", "ScratchReward", "The reward, once revealed.") { call in
                let context = try call.shop()
                guard let index = try call.parent(ScratchCard.self).rewardIndex, context.state.shop.scratchTable.rewards.indices.contains(index) else {
                    return .null
                }
                return .object(context.state.shop.scratchTable.rewards[index])
            },
            F("issuedAt", "String!", "When the card was issued, ISO-8601 UTC.") { call in .string(try call.parent(ScratchCard.self).issuedAt.iso8601) },
            F("expiresAt", "String!", "When the card expires, ISO-8601 UTC.") { call in .string(try call.parent(ScratchCard.self).expiresAt.iso8601) },
        ])
        builder.object("UserError", "A business rule a mutation ran into; the request itself was fine.", [
            F("code", "ErrorCode!", "A stable code to branch on.") { call in .string(try call.parent(CommerceError.self).code.rawValue) },
            F("message", "String!", "What happened, for people.") { call in .string(try call.parent(CommerceError.self).message) },
            F("field", "[String!]", "The path of the input field at fault.") { call in
                (try call.parent(CommerceError.self).field).map { .list($0.map { .string($0) }) } ?? .null
            },
        ])
        builder.enumeration("ErrorCode", "Codes of business errors.", CommerceError.Code.allCases.map { ($0.rawValue, errorDescription($0)) })
        builder.object("CartPayload", "The cart after a cart mutation.", [
            F("cart", "Cart!", "The cart now.") { call in .object(try call.parent(CartPayloadNode.self).cart) },
            errorsField(CartPayloadNode.self) { $0.errors },
        ])
        builder.object("ScratchCardPayload", "The card and cart after a scratch-card mutation.", [
            F("card", "ScratchCard", "The card acted on.") { call in (try call.parent(ScratchCardPayloadNode.self).card).map { .object($0) } ?? .null },
            F("cart", "Cart!", "The cart now.") { call in .object(try call.parent(ScratchCardPayloadNode.self).cart) },
            errorsField(ScratchCardPayloadNode.self) { $0.errors },
        ])
        builder.object("FavoritesPayload", "The favorites after a change.", [
            F("favorites", "[Product!]!", "The session's favorites, newest first.") { call in
                let context = try call.shop()
                return .list(try call.parent(FavoritesPayloadNode.self).favorites.compactMap { context.state.shop.catalog.position(of: $0) }.map(product))
            },
            errorsField(FavoritesPayloadNode.self) { $0.errors },
        ])
        builder.object("ProductPayload", "The product added, or why not.", [
            F("product", "Product", "The new product.") { call in (try call.parent(ProductPayloadNode.self).position).map(product) ?? .null },
            errorsField(ProductPayloadNode.self) { $0.errors },
        ])
    }

    static func errorDescription(_ code: CommerceError.Code) -> String {
        switch code {
        case .productNotFound: "No product has that id."
        case .invalidQuantity: "The quantity is out of range."
        case .quantityLimitExceeded: "More than the product's per-order limit."
        case .outOfStock: "The product has no stock."
        case .insufficientStock: "Fewer units in stock than asked for."
        case .lineNotFound: "The cart has no line for that product."
        case .offerNotFound: "No offer has that code."
        case .offerExpired: "The offer has ended."
        case .offerMinSpendNotMet: "The cart's subtotal is below the offer's minimum."
        case .offerNotApplicable: "Nothing in the cart qualifies for the offer."
        case .offerUsageLimitReached: "The session has used the offer as often as allowed."
        case .scratchCardNotFound: "No scratch card has that id."
        case .scratchCardNotRevealed: "The card must be revealed first."
        case .scratchCardAlreadyRevealed: "The card was already revealed."
        case .scratchCardAlreadyUsed: "The card was already used on an order."
        case .scratchCardExpired: "The card has expired."
        case .scratchCardNoReward: "The card revealed no reward."
        case .cartEmpty: "There is nothing to check out."
        case .cardInvalidNumber: "The card number is malformed or fails the Luhn check."
        case .cardExpired: "The card's expiry date has passed."
        case .cardInvalidCVC: "The CVC has the wrong length or characters."
        case .paymentDeclined: "The payment service declined the card."
        case .idempotencyKeyReused: "The idempotency key was used with a different request."
        case .invalidInput: "An input field is invalid."
        }
    }
}
