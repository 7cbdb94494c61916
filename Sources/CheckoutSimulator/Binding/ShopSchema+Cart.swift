import CheckoutSimCommerce
import CheckoutSimGraphQL

extension ShopSchema {
    static func addCartTypes(to builder: inout Builder) {
        builder.object(Types.cartLine, "One product in the cart and how many.") { fields in
            fields.field("id", type: .nonNull(.id), "The line's id: \"line-\" and the product id, then \"/\" and the variant's id for a product with options.") {
                line, context in
                let product = try context.state.product(ProductPosition(index: line.position))
                return product.options.isEmpty ? "line-" + line.productId : "line-\(line.productId)/\(product.variants[line.variant].id)"
            }
            fields.field("product", type: .nonNull(Types.product), "The product.") { line, _ in ProductPosition(index: line.position) }
            fields.field("variant", type: .nonNull(Types.productVariant), "The product's variant.") { line, _ in
                VariantSource(position: ProductPosition(index: line.position), index: line.variant)
            }
            fields.field("quantity", type: .nonNull(.int), "How many units.") { line, _ in line.quantity }
            fields.field("unitPrice", type: .nonNull(Types.money), "The price of one unit.") { line, _ in Amount(line.unitPrice) }
            fields.field("subtotal", type: .nonNull(Types.money), "Unit price times quantity.") { line, _ in Amount(line.subtotal) }
            fields.field("discount", type: .nonNull(Types.money), "This line's share of the order's discounts.") { line, _ in Amount(line.discount) }
            fields.field("total", type: .nonNull(Types.money), "Subtotal less discount.") { line, _ in Amount(line.total) }
        }
        builder.object(Types.discountAllocation, "A discount applied to the cart or order.") { fields in
            fields.field("source", type: .nonNull(Types.discountSource), "Where the discount came from.") { discount, _ in discount.source }
            fields.field("code", type: .nonNull(.string), "The offer code, or the scratch card's id.") { discount, _ in discount.code }
            fields.field("title", type: .nonNull(.string), "A title to show the shopper.") { discount, _ in discount.title }
            fields.field("amount", type: .nonNull(Types.money), "The amount taken off; for free shipping, the shipping it waived.") { discount, _ in
                Amount(discount.amount)
            }
        }
        builder.enumeration(Types.discountSource, "Where a discount came from.") { source in
            switch source {
            case .offer: "An offer code."
            case .scratchCard: "A scratch-card reward."
            }
        }
        builder.object(Types.cart, "The session's cart with its totals.") { fields in
            fields.field("id", type: .nonNull(.id), "The cart's id: \"cart-\" and the session name.") { cart, _ in "cart-" + cart.sessionName }
            fields.field("lines", type: .nonNull(.list(.nonNull(Types.cartLine))), "The lines, in the order products were first added.") { cart, _ in cart.lines }
            fields.field("totalQuantity", type: .nonNull(.int), "Units over all lines.") { cart, _ in cart.totalQuantity }
            fields.field("isEmpty", type: .nonNull(.boolean), "Whether the cart has no lines.") { cart, _ in cart.lines.isEmpty }
            fields.field("subtotal", type: .nonNull(Types.money), "The sum of line subtotals.") { cart, _ in Amount(cart.subtotal) }
            fields.field("discounts", type: .nonNull(.list(.nonNull(Types.discountAllocation))), "The discounts applied, offer first.") { cart, _ in cart.discounts }
            fields.field("discountTotal", type: .nonNull(Types.money), "Merchandise discounts (free shipping is not counted here).") { cart, _ in
                Amount(cart.discountTotal)
            }
            fields.field("shipping", type: .nonNull(Types.money), "Shipping: free over the store's threshold or with a free-shipping discount.") { cart, _ in
                Amount(cart.shipping)
            }
            fields.field("total", type: .nonNull(Types.money), "Subtotal less discounts plus shipping.") { cart, _ in Amount(cart.total) }
            fields.field("appliedOffer", type: Types.offer, "The offer attached to the cart, applicable or not.") { cart, _ in cart.offer }
            fields.field("appliedScratchCard", type: Types.scratchCard, "The scratch card attached to the cart.") { cart, _ in cart.scratchCard }
        }
        builder.enumeration(Types.discountKind, "What a discount does.") { kind in
            switch kind {
            case .percentOff: "A percentage off."
            case .amountOff: "A fixed amount off."
            case .freeShipping: "Shipping is free."
            case .noReward: "Nothing: a scratch card that did not win."
            }
        }
        builder.object(Types.offer, "An offer code the shop accepts.") { fields in
            fields.field("code", type: .nonNull(.string), "The code to enter (case-insensitive).") { offer, _ in offer.code }
            fields.field("title", type: .nonNull(.string), "A short title.") { offer, _ in offer.title }
            fields.field("description", type: .nonNull(.string), "What the offer gives.") { offer, _ in offer.description }
            fields.field("kind", type: .nonNull(Types.discountKind), "What the offer does.") { offer, _ in offer.value.kind }
            fields.field("value", type: .nonNull(.string), "The percentage or amount, as a decimal string.") { offer, _ in offer.value.text }
            fields.field("minSpend", type: Types.money, "The subtotal the cart must reach.") { offer, _ in offer.minSpend.map(Amount.init) }
            fields.field("brand", type: Types.brand, "The brand the offer is limited to.") { offer, context in
                offer.brandId.flatMap(context.state.brandPosition(id:))
            }
            fields.field("expiresAt", type: .string, "When the offer ends, ISO-8601 UTC.") { offer, _ in offer.expiresAt?.iso8601 }
            fields.field("isApplicable", type: .nonNull(.boolean), "Whether the offer qualifies for this session's cart now.") { offer, context in
                let shop = context.state.shop
                let session = context.shopper
                return shop.offerProblem(offer, shopper: session, subtotal: shop.cartView(for: session).subtotal) == nil
            }
        }
        builder.enumeration(Types.scratchCardStatus, "Where a scratch card is in its life.") { status in
            switch status {
            case .unrevealed: "Not scratched yet."
            case .revealed: "Scratched; the reward is known."
            case .applied: "Attached to the cart."
            case .redeemed: "Used on a paid order."
            case .expired: "Past its expiry."
            }
        }
        builder.object(Types.scratchReward, "What a scratch card revealed.") { fields in
            fields.field("kind", type: .nonNull(Types.discountKind), "What the reward does.") { reward, _ in reward.value.kind }
            fields.field("title", type: .nonNull(.string), "A title to show the shopper.") { reward, _ in reward.title }
            fields.field("value", type: .nonNull(.string), "The percentage or amount, as a decimal string.") { reward, _ in reward.value.text }
        }
        builder.object(Types.scratchCard, "A scratch card issued to the session.") { fields in
            fields.field("id", type: .nonNull(.id), "The card's id, like \"card-1\".") { card, _ in card.id }
            fields.field("status", type: .nonNull(Types.scratchCardStatus), "The card's status now.") { card, context in card.status(at: context.state.shop.clock) }
            fields.field("reward", type: Types.scratchReward, "The reward, once revealed.") { card, context in
                let rewards = context.state.shop.scratchTable.rewards
                guard let index = card.rewardIndex, rewards.indices.contains(index) else { return nil }
                return rewards[index]
            }
            fields.field("issuedAt", type: .nonNull(.string), "When the card was issued, ISO-8601 UTC.") { card, _ in card.issuedAt.iso8601 }
            fields.field("expiresAt", type: .nonNull(.string), "When the card expires, ISO-8601 UTC.") { card, _ in card.expiresAt.iso8601 }
        }
        builder.object(Types.userError, "A business rule a mutation ran into; the request itself was fine.") { fields in
            fields.field("code", type: .nonNull(Types.errorCode), "A stable code to branch on.") { error, _ in error.code }
            fields.field("message", type: .nonNull(.string), "What happened, for people.") { error, _ in error.message }
            fields.field("field", type: .list(.nonNull(.string)), "The path of the input field at fault.") { error, _ in error.field }
        }
        builder.enumeration(Types.errorCode, "Codes of business errors.") { errorDescription($0) }
        builder.object(Types.cartPayload, "The cart after a cart mutation.") { fields in
            fields.field("cart", type: .nonNull(Types.cart), "The cart now.") { payload, _ in payload.cart }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), errorsDescription) { payload, _ in payload.errors }
        }
        builder.object(Types.scratchCardPayload, "The card and cart after a scratch-card mutation.") { fields in
            fields.field("card", type: Types.scratchCard, "The card acted on.") { payload, _ in payload.card }
            fields.field("cart", type: .nonNull(Types.cart), "The cart now.") { payload, _ in payload.cart }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), errorsDescription) { payload, _ in payload.errors }
        }
        builder.object(Types.favoritesPayload, "The favorites after a change.") { fields in
            fields.field("favorites", type: .nonNull(.list(.nonNull(Types.product))), "The session's favorites, newest first.") { payload, context in
                favoriteProducts(payload.favorites, context: context)
            }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), errorsDescription) { payload, _ in payload.errors }
        }
        builder.object(Types.productPayload, "The product added, or why not.") { fields in
            fields.field("product", type: Types.product, "The new product.") { payload, _ in payload.position.map(ProductPosition.init) }
            fields.field("errors", type: .nonNull(.list(.nonNull(Types.userError))), errorsDescription) { payload, _ in payload.errors }
        }
    }

    static let errorsDescription = "What went wrong; empty when the mutation succeeded."
}
