import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `cart(id:)` and the cart mutations (docs/storefront.md#carts): each answers its payload with
/// the cart, `userErrors` (nothing changed) and `warnings` (it changed, with a remark).
extension StorefrontBinding {
    static func cartMutations(_ fields: inout ModeledFields) {
        fields.object("QueryRoot", as: Root.self) { root in
            root.field("cart", ArgumentKey<String>("id", .nonNull(.id))) { _, id, context in context.cart(id: id) }
        }
        fields.object("Mutation", as: Root.self) { root in
            root.field("cartCreate", ArgumentKey<JSON?>("input", .data("CartInput"))) { _, input, context in
                let input = input?.objectValue ?? JSONObject()
                let before = context.shop
                guard let details = context.change({ $0.createCart() }) else {
                    throw FieldError("The simulator already holds \(before.maxSessions) sessions (each cart is one); reset it.", code: .tooManySessions)
                }
                var change = CartChange(cart: details.reference, context: context)
                change.setAttributes(input["attributes"]?.arrayValue ?? [], field: ["input", "attributes"], replacing: true)
                if let note = input["note"]?.stringValue { change.setNote(note, field: ["input", "note"]) }
                if let buyer = input["buyerIdentity"]?.objectValue { change.setBuyer(buyer, field: ["input", "buyerIdentity"]) }
                change.addLines(input["lines"]?.arrayValue ?? [], field: ["input", "lines"])
                if let codes = input["discountCodes"]?.arrayValue { change.setDiscountCodes(codes.compactMap(\.stringValue), field: ["input", "discountCodes"]) }
                if let codes = input["giftCardCodes"]?.arrayValue { change.setGiftCards(codes.compactMap(\.stringValue), field: ["input", "giftCardCodes"], replacing: true) }
                if let addresses = input["delivery"]?["addresses"]?.arrayValue { change.addAddresses(addresses, field: ["input", "delivery", "addresses"]) }
                var payload = change.payload()
                if !payload.userErrors.isEmpty {
                    context.restore(before)
                    payload.cart = nil
                }
                return payload
            }
            mutation(&root, "cartLinesAdd", ArgumentKey<JSON?>("lines", .data("[CartLineInput!]"))) { change, lines in
                change.addLines(lines?.arrayValue ?? [], field: ["lines"])
            }
            mutation(&root, "cartLinesUpdate", ArgumentKey<JSON?>("lines", .data("[CartLineUpdateInput!]"))) { change, lines in change.updateLines(lines?.arrayValue ?? []) }
            mutation(&root, "cartLinesRemove", ArgumentKey<[String]?>("lineIds", .list(.nonNull(.id)))) { change, ids in
                change.removeLines(ids ?? [])
            }
            mutation(&root, "cartDiscountCodesUpdate", ArgumentKey<[String]?>("discountCodes", .list(.nonNull(.string)))) { change, codes in
                change.setDiscountCodes(codes ?? [], field: ["discountCodes"])
            }
            mutation(&root, "cartNoteUpdate", ArgumentKey<String?>("note", .string)) { change, note in change.setNote(note ?? "", field: ["note"]) }
            mutation(&root, "cartAttributesUpdate", ArgumentKey<JSON?>("attributes", .data("[AttributeInput!]"))) { change, attributes in
                change.setAttributes(attributes?.arrayValue ?? [], field: ["attributes"], replacing: false)
            }
            giftCardAndDeliveryMutations(&root)
            mutation(&root, "cartBuyerIdentityUpdate", ArgumentKey<JSON?>("buyerIdentity", .data("CartBuyerIdentityInput"))) { change, buyer in
                change.setBuyer(buyer?.objectValue ?? JSONObject(), field: ["buyerIdentity"])
            }
        }
    }

    /// A mutation on an existing cart: an unknown cart is a `userErrors` `INVALID`; a change
    /// with user errors is undone whole.
    static func mutation<Value>(
        _ root: inout ObjectFields<Root>, _ name: String, _ argument: ArgumentKey<Value>, _ apply: @escaping @Sendable (inout CartChange, Value) -> Void
    ) {
        root.field(name, ArgumentKey<String>("cartId", .nonNull(.id)), argument) { _, id, value, context in
            guard let reference = CartID.parse(id), context.cart(reference) != nil else {
                return CartPayloadValue(cart: nil, userErrors: [
                    CartUserErrorValue(code: "INVALID", field: ["cartId"], message: "The specified cart does not exist.")
                ])
            }
            let before = context.shop
            var change = CartChange(cart: reference, context: context)
            apply(&change, value)
            var payload = change.payload()
            if !payload.userErrors.isEmpty {
                context.restore(before)
                payload.cart = context.cart(reference)
            }
            return payload
        }
    }
}

/// One mutation's changes to a created cart, collecting its user errors and warnings.
struct CartChange {
    /// The cart changed.
    let cart: CartReference
    var token: String { cart.token }
    let context: StorefrontContext
    private var userErrors: [CartUserErrorValue] = []
    var warnings: [CartWarningValue] = []
    /// Whether the discount codes were set, so the payload says which do not apply and why.
    private var codesSet = false

    /// The most attributes a cart keeps, and the longest key, value and note, in characters.
    static let maxAttributes = 250
    static let maxKey = 255
    static let maxText = 5000

    init(cart: CartReference, context: StorefrontContext) {
        self.cart = cart
        self.context = context
    }

    /// The cart's own data as it is now (without working out its totals).
    var details: CartDetails? { context.shop.createdCart(cart)?.details }

    mutating func refuse(_ code: String, _ field: [String], _ message: String) {
        userErrors.append(CartUserErrorValue(code: code, field: field, message: message))
    }

    mutating func addLines(_ lines: [JSON], field: [String]) {
        for (index, line) in lines.enumerated() {
            let place = field + [String(index)]
            let merchandiseId = line["merchandiseId"]?.stringValue ?? ""
            let quantity = line["quantity"]?.intValue ?? 1
            guard let (position, variant) = StorefrontID.variantPosition(merchandiseId),
                  let product = context.product(at: position), product.variants.indices.contains(variant)
            else {
                refuse("INVALID", place + ["merchandiseId"], "The merchandise with id \(merchandiseId) does not exist.")
                continue
            }
            guard quantity >= 1 else {
                refuse("LESS_THAN", place + ["quantity"], "The quantity must be at least 1, not \(quantity).")
                continue
            }
            do {
                switch try context.change({ shop throws(CommerceError) in try shop.addAvailable(productId: product.id, variant: variant, quantity: quantity, cart: cart) }) {
                case .added: break
                case .outOfStock:
                    warnings.append(CartWarningValue(
                        code: "MERCHANDISE_OUT_OF_STOCK", message: "\"\(product.variants[variant].title == ProductVariant.defaultTitle ? product.name : "\(product.name) – \(product.variants[variant].title)")\" is out of stock and was not added.",
                        target: merchandiseId))
                case .limited(let added, let available):
                    warnings.append(CartWarningValue(
                        code: "MERCHANDISE_NOT_ENOUGH_STOCK", message: "Only \(available) of \"\(product.name)\" could be added; \(added) \(added == 1 ? "was" : "were") added, not \(quantity).",
                        target: CartID.line(position: position, variant: variant, token: token)))
                }
            } catch {
                refuse(error.code == .quantityLimitExceeded ? "MAXIMUM_EXCEEDED" : "INVALID", place + ["quantity"], error.message)
            }
        }
        context.change { $0.refreshOffer(cart) }
    }

    mutating func updateLines(_ lines: [JSON]) {
        for (index, line) in lines.enumerated() {
            let place = ["lines", String(index)]
            let id = line["id"]?.stringValue ?? ""
            guard let (position, variant) = CartID.parseLine(id, token: token), let product = context.product(at: position),
                  let current = context.cart(cart)?.view.lines.first(where: { $0.position == position && $0.variant == variant })
            else {
                refuse("INVALID", place + ["id"], "The cart line with id \(id) does not exist.")
                continue
            }
            if let merchandiseId = line["merchandiseId"]?.stringValue, merchandiseId != StorefrontID.variant(product: position, index: variant) {
                try? context.change({ shop throws(CommerceError) in try shop.removeFromCart(productId: product.id, variant: variant, session: cart.session) })
                addLines([JSON.object(JSONObject([("merchandiseId", .string(merchandiseId)), ("quantity", .int(line["quantity"]?.intValue ?? current.quantity))]))], field: place)
                continue
            }
            guard let quantity = line["quantity"]?.intValue else { continue }
            guard quantity >= 0 else {
                refuse("LESS_THAN", place + ["quantity"], "The quantity must be 0 or more, not \(quantity).")
                continue
            }
            let stock = context.inventory.stock(at: position, variant: variant)
            let target = quantity <= current.quantity ? quantity : min(quantity, max(stock, current.quantity))
            do {
                try context.change { shop throws(CommerceError) in
                    try shop.updateCartLine(productId: product.id, variant: variant, quantity: target, session: cart.session)
                }
            } catch {
                refuse(error.code == .quantityLimitExceeded ? "MAXIMUM_EXCEEDED" : "INVALID", place + ["quantity"], error.message)
                continue
            }
            if target < quantity {
                warnings.append(CartWarningValue(
                    code: stock == 0 ? "MERCHANDISE_OUT_OF_STOCK" : "MERCHANDISE_NOT_ENOUGH_STOCK",
                    message: "Only \(stock) of \"\(product.name)\" \(stock == 1 ? "is" : "are") available; the line holds \(target), not \(quantity).",
                    target: id))
            }
        }
        context.change { $0.touchCart(cart) }
        context.change { $0.refreshOffer(cart) }
    }

    mutating func removeLines(_ ids: [String]) {
        for (index, id) in ids.enumerated() {
            guard let (position, variant) = CartID.parseLine(id, token: token), let product = context.product(at: position),
                  (try? context.change({ shop throws(CommerceError) in try shop.removeFromCart(productId: product.id, variant: variant, session: cart.session) })) != nil
            else {
                refuse("INVALID", ["lineIds", String(index)], "The cart line with id \(id) does not exist.")
                continue
            }
        }
        context.change { $0.touchCart(cart) }
        context.change { $0.refreshOffer(cart) }
    }

    /// Sets the codes entered; a code longer than `maxKey` characters is refused (`INVALID`, the
    /// code not echoed), never cut to fit, and nothing changes.
    mutating func setDiscountCodes(_ codes: [String], field: [String]) {
        guard codes.count <= 250 else {
            refuse("INVALID", field, "At most 250 discount codes; \(codes.count) were given.")
            return
        }
        let long = codes.indices.filter { codes[$0].unicodeScalars.count > CartChange.maxKey }
        for index in long {
            refuse("INVALID", field + [String(index)], "A discount code is at most \(CartChange.maxKey) characters; this one has \(codes[index].unicodeScalars.count).")
        }
        guard long.isEmpty else { return }
        context.change { $0.setDiscountCodes(codes, cart: cart) }
        codesSet = true
    }

    mutating func setNote(_ note: String, field: [String]) {
        guard note.unicodeScalars.count <= Self.maxText else {
            refuse("NOTE_TOO_LONG", field, "A note is at most \(Self.maxText) characters.")
            return
        }
        context.change { $0.changeCart(cart) { $0.note = note } }
    }

    mutating func setAttributes(_ items: [JSON], field: [String], replacing: Bool) {
        var attributes = replacing ? [] : (details?.attributes ?? [])
        for (index, item) in items.enumerated() {
            let key = item["key"]?.stringValue ?? ""
            let value = item["value"]?.stringValue ?? ""
            guard !key.isEmpty, key.unicodeScalars.count <= Self.maxKey, value.unicodeScalars.count <= Self.maxText else {
                refuse("INVALID", field + [String(index)], "An attribute's key is 1 to \(Self.maxKey) characters and its value at most \(Self.maxText).")
                return
            }
            if let existing = attributes.firstIndex(where: { $0.key == key }) {
                attributes[existing] = CartAttribute(key: key, value: value)
            } else {
                attributes.append(CartAttribute(key: key, value: value))
            }
        }
        guard attributes.count <= Self.maxAttributes else {
            refuse("INVALID", field, "A cart keeps at most \(Self.maxAttributes) attributes.")
            return
        }
        context.change { $0.changeCart(cart) { $0.attributes = attributes } }
    }

    mutating func setBuyer(_ input: JSONObject, field: [String]) {
        var buyer = details?.buyer ?? CartBuyer()
        if let email = input["email"] {
            let text = email.stringValue
            if let text, !(text.contains("@") && text.unicodeScalars.count <= 254 && !text.contains(" ")) {
                refuse("INVALID", field + ["email"], "Email is invalid.")
                return
            }
            buyer.email = text
        }
        if let phone = input["phone"] {
            let text = phone.stringValue
            if let text, text.unicodeScalars.count > 32 {
                refuse("INVALID", field + ["phone"], "Phone is invalid.")
                return
            }
            buyer.phone = text
        }
        if let country = input["countryCode"] { buyer.countryCode = country.stringValue }
        if let token = input["customerAccessToken"] {
            if let text = token.stringValue {
                guard let customer = context.customer(token: text) else {
                    refuse("INVALID", field + ["customerAccessToken"], "The customer access token is invalid or expired.")
                    return
                }
                buyer.customer = customer.number
                if input["email"] == nil { buyer.email = customer.email }
            } else {
                buyer.customer = nil
            }
        }
        context.change { $0.changeCart(cart) { $0.buyer = buyer } }
    }

    /// The payload: the cart as it is now, the user errors, and the warnings (with each code
    /// that does not apply and why, when the codes were set).
    func payload() -> CartPayloadValue {
        let cart = context.cart(cart)
        var warnings = self.warnings
        if codesSet, let cart { warnings += discountWarnings(cart) }
        return CartPayloadValue(cart: cart, userErrors: userErrors, warnings: warnings)
    }

    private func discountWarnings(_ cart: CartValue) -> [CartWarningValue] {
        let shop = context.shop
        guard let (session, _) = shop.createdCart(cart.details.reference) else { return [] }
        let target = CartID.cart(cart.details)
        return cart.details.discountCodes.compactMap { code in
            guard let offer = shop.offer(code: code) else {
                return CartWarningValue(code: "DISCOUNT_NOT_FOUND", message: "The discount code \"\(code)\" does not exist.", target: target)
            }
            if cart.appliedOffer?.code == offer.code { return nil }
            guard let problem = shop.offerProblem(offer, shopper: session, subtotal: cart.view.subtotal) else {
                return CartWarningValue(
                    code: "DISCOUNT_CODE_NOT_HONOURED",
                    message: "One discount code applies to a cart at a time; \"\(cart.appliedOffer?.code ?? "")\" does, so \"\(code)\" does not.",
                    target: target)
            }
            let warning: String
            switch problem.code {
            case .offerExpired: warning = "DISCOUNT_CURRENTLY_INACTIVE"
            case .offerMinSpendNotMet: warning = "DISCOUNT_PURCHASE_NOT_IN_RANGE"
            case .offerNotApplicable: warning = "DISCOUNT_NO_ENTITLED_LINE_ITEMS"
            case .offerUsageLimitReached: warning = "DISCOUNT_USAGE_LIMIT_REACHED"
            default: warning = "DISCOUNT_CODE_NOT_HONOURED"
            }
            return CartWarningValue(code: warning, message: problem.message, target: target)
        }
    }
}
