import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The gift-card and delivery mutations (docs/storefront.md#gift-cards-and-delivery).
extension StorefrontBinding {
    static func giftCardAndDeliveryMutations(_ root: inout ObjectFields<Root>) {
        let codes = ArgumentKey<[String]?>("giftCardCodes", .list(.nonNull(.string)))
        mutation(&root, "cartGiftCardCodesUpdate", codes) { change, codes in
            change.setGiftCards(codes ?? [], field: ["giftCardCodes"], replacing: true)
        }
        mutation(&root, "cartGiftCardCodesAdd", codes) { change, codes in
            change.setGiftCards(codes ?? [], field: ["giftCardCodes"], replacing: false)
        }
        mutation(&root, "cartGiftCardCodesRemove", ArgumentKey<[String]?>("appliedGiftCardIds", .list(.nonNull(.id)))) { change, ids in
            change.removeGiftCards(ids ?? [])
        }
        mutation(&root, "cartDeliveryAddressesAdd", ArgumentKey<JSON?>("addresses", .data("[CartSelectableAddressInput!]"))) { change, addresses in
            change.addAddresses(addresses?.arrayValue ?? [], field: ["addresses"])
        }
        mutation(&root, "cartDeliveryAddressesReplace", ArgumentKey<JSON?>("addresses", .data("[CartSelectableAddressInput!]"))) { change, addresses in
            change.addAddresses(addresses?.arrayValue ?? [], field: ["addresses"], replacing: true)
        }
        mutation(&root, "cartDeliveryAddressesUpdate", ArgumentKey<JSON?>("addresses", .data("[CartSelectableAddressUpdateInput!]"))) { change, addresses in
            change.updateAddresses(addresses?.arrayValue ?? [])
        }
        mutation(&root, "cartDeliveryAddressesRemove", ArgumentKey<[String]?>("addressIds", .list(.nonNull(.id)))) { change, ids in
            change.removeAddresses(ids ?? [])
        }
        mutation(&root, "cartSelectedDeliveryOptionsUpdate", ArgumentKey<JSON?>("selectedDeliveryOptions", .data("[CartSelectedDeliveryOptionInput!]"))) { change, options in
            change.selectDeliveryOptions(options?.arrayValue ?? [])
        }
    }
}

extension CartChange {
    /// The most delivery addresses a cart keeps, and the longest address field, in characters.
    static let maxAddresses = 20
    static let maxAddressField = 255
    /// The fields of `CartDeliveryAddressInput` a cart keeps.
    static let addressFields = ["address1", "address2", "city", "company", "countryCode", "firstName", "lastName", "phone", "provinceCode", "zip"]

    /// Sets (or adds to) the cart's gift cards; a code the shop does not know is a user error.
    mutating func setGiftCards(_ codes: [String], field: [String], replacing: Bool) {
        guard codes.count <= 250 else {
            refuse("INVALID", field, "At most 250 gift card codes; \(codes.count) were given.")
            return
        }
        var kept = replacing ? [] : (details?.giftCardCodes ?? [])
        for (index, code) in codes.enumerated() {
            let entered = code.trimmingCharacters(in: .whitespaces)
            guard !entered.isEmpty else { continue }
            guard let card = context.giftCardIndex(code: entered).map({ context.settings.content.giftCards[$0] }) else {
                refuse("INVALID", field + [String(index)], "The gift card code \"\(String(entered.unicodeScalars.prefix(64)))\" is not valid.")
                continue
            }
            if !kept.contains(card.code) { kept.append(card.code) }
        }
        context.change { $0.changeCart(cart) { $0.giftCardCodes = kept } }
    }

    /// Takes applied gift cards off the cart, by their `AppliedGiftCard` ids.
    mutating func removeGiftCards(_ ids: [String]) {
        var kept = details?.giftCardCodes ?? []
        for (index, id) in ids.enumerated() {
            let code = StorefrontID.parse(id).flatMap { type, number in
                type == "AppliedGiftCard" && context.settings.content.giftCards.indices.contains(number - 1)
                    ? context.settings.content.giftCards[number - 1].code : nil
            }
            guard let code, let applied = kept.firstIndex(of: code) else {
                refuse("INVALID", ["appliedGiftCardIds", String(index)], "No gift card with id \(String(id.unicodeScalars.prefix(128))) is applied to this cart.")
                continue
            }
            kept.remove(at: applied)
        }
        context.change { $0.changeCart(cart) { $0.giftCardCodes = kept } }
    }

    /// Adds delivery addresses (or replaces them all); at most one may be selected, and one
    /// selected here deselects the others. An address the cart already has is not added twice.
    mutating func addAddresses(_ inputs: [JSON], field: [String], replacing: Bool = false) {
        guard var details else { return }
        if replacing { details.addresses = [] }
        var selectedHere = false
        for (index, input) in inputs.enumerated() {
            let place = field + [String(index)]
            guard let fields = address(input["address"], field: place + ["address"]) else { return }
            let existing = details.addresses.firstIndex { $0.fields == fields }
            if existing == nil {
                details.addresses.append(CartAddress(
                    number: details.nextAddressNumber, fields: fields, selected: false, oneTimeUse: input["oneTimeUse"]?.boolValue ?? false))
                details.nextAddressNumber += 1
            }
            if input["selected"]?.boolValue == true {
                guard select(existing ?? details.addresses.count - 1, in: &details, place: place, selectedHere: &selectedHere) else { return }
            }
            if existing != nil {
                warnings.append(CartWarningValue(
                    code: "DUPLICATE_DELIVERY_ADDRESS", message: "The cart already has this delivery address; it was not added again.",
                    target: CartID.cart(details)))
            }
        }
        guard details.addresses.count <= Self.maxAddresses else {
            refuse("TOO_MANY_DELIVERY_ADDRESSES", field, "A cart keeps at most \(Self.maxAddresses) delivery addresses.")
            return
        }
        let changed = details
        context.change { $0.changeCart(cart) { $0 = changed } }
    }

    /// Changes addresses by id: the address itself, whether it is selected, whether it is for one use.
    mutating func updateAddresses(_ inputs: [JSON]) {
        guard var details else { return }
        var selectedHere = false
        for (index, input) in inputs.enumerated() {
            let place = ["addresses", String(index)]
            guard let at = addressIndex(input["id"]?.stringValue ?? "", in: details) else {
                refuse("INVALID_DELIVERY_ADDRESS_ID", place + ["id"], "The cart has no delivery address with id \(String((input["id"]?.stringValue ?? "").unicodeScalars.prefix(128))).")
                return
            }
            if let address = input["address"], address != .null {
                guard let fields = self.address(address, field: place + ["address"]) else { return }
                details.addresses[at].fields = fields
            }
            if let oneTimeUse = input["oneTimeUse"]?.boolValue { details.addresses[at].oneTimeUse = oneTimeUse }
            switch input["selected"]?.boolValue {
            case true?: guard select(at, in: &details, place: place, selectedHere: &selectedHere) else { return }
            case false?: details.addresses[at].selected = false
            case nil: break
            }
        }
        let changed = details
        context.change { $0.changeCart(cart) { $0 = changed } }
    }

    /// Selects the address at `at` and deselects the others; false (with the user error) when
    /// this request already selected one.
    private mutating func select(_ at: Int, in details: inout CartDetails, place: [String], selectedHere: inout Bool) -> Bool {
        guard !selectedHere else {
            refuse("ONLY_ONE_DELIVERY_ADDRESS_CAN_BE_SELECTED", place + ["selected"], "Only one delivery address can be selected.")
            return false
        }
        selectedHere = true
        for other in details.addresses.indices { details.addresses[other].selected = other == at }
        return true
    }

    /// Takes addresses off the cart by id.
    mutating func removeAddresses(_ ids: [String]) {
        guard var details else { return }
        for (index, id) in ids.enumerated() {
            guard let at = addressIndex(id, in: details) else {
                refuse("INVALID_DELIVERY_ADDRESS_ID", ["addressIds", String(index)], "The cart has no delivery address with id \(String(id.unicodeScalars.prefix(128))).")
                return
            }
            details.addresses.remove(at: at)
        }
        let changed = details
        context.change { $0.changeCart(cart) { $0 = changed } }
    }

    /// Chooses the delivery option of the cart's delivery group.
    mutating func selectDeliveryOptions(_ inputs: [JSON]) {
        guard let current = context.cart(cart) else { return }
        let group = context.deliveryGroup(current)
        for (index, input) in inputs.enumerated() {
            let place = ["selectedDeliveryOptions", String(index)]
            guard let group, input["deliveryGroupId"]?.stringValue == group.id else {
                refuse("INVALID_DELIVERY_GROUP", place + ["deliveryGroupId"],
                       group == nil ? "The cart has no delivery group yet: it needs lines and a selected delivery address." : "The cart has no delivery group with that id.")
                return
            }
            guard input["deliveryOptionHandle"]?.stringValue == DeliveryOptionValue.handle else {
                refuse("INVALID_DELIVERY_OPTION", place + ["deliveryOptionHandle"], "The delivery group offers only the option \"\(DeliveryOptionValue.handle)\".")
                return
            }
        }
        guard !inputs.isEmpty else { return }
        context.change { $0.changeCart(cart) { $0.deliveryOption = DeliveryOptionValue.handle } }
    }

    private func addressIndex(_ id: String, in details: CartDetails) -> Int? {
        guard id.hasSuffix("?cart=\(token)"), let (type, number) = StorefrontID.parse(id), type == "CartSelectableAddress" else { return nil }
        return details.addresses.firstIndex { $0.number == number }
    }

    /// The fields of a `CartAddressInput`, checked as Shopify checks them with its default
    /// `COUNTRY_CODE_ONLY` strategy: a country is required; no field is too long or holds markup,
    /// a link or an emoji. Nil (with the user error) when it fails.
    private mutating func address(_ input: JSON?, field: [String]) -> [String: String]? {
        if input?["copyFromCustomerAddressId"]?.stringValue != nil {
            refuse("INVALID", field + ["copyFromCustomerAddressId"], "The mock shop has no customer accounts, so there is no saved address to copy.")
            return nil
        }
        guard let delivery = input?["deliveryAddress"], delivery != .null else {
            refuse("ADDRESS_FIELD_IS_REQUIRED", field + ["deliveryAddress"], "A delivery address is required.")
            return nil
        }
        var fields: [String: String] = [:]
        for name in Self.addressFields {
            guard let value = delivery[name]?.stringValue?.trimmingCharacters(in: .whitespaces), !value.isEmpty else { continue }
            let place = field + ["deliveryAddress", name]
            let lowered = value.lowercased()
            if value.unicodeScalars.count > Self.maxAddressField {
                refuse("ADDRESS_FIELD_IS_TOO_LONG", place, "\(name) is at most \(Self.maxAddressField) characters.")
            } else if value.contains("<") && value.contains(">") {
                refuse("ADDRESS_FIELD_CONTAINS_HTML_TAGS", place, "\(name) may not contain HTML tags.")
            } else if lowered.contains("http://") || lowered.contains("https://") || lowered.contains("www.") {
                refuse("ADDRESS_FIELD_CONTAINS_URL", place, "\(name) may not contain a link.")
            } else if value.unicodeScalars.contains(where: \.properties.isEmojiPresentation) {
                refuse("ADDRESS_FIELD_CONTAINS_EMOJIS", place, "\(name) may not contain emoji.")
            } else {
                fields[name] = value
                continue
            }
            return nil
        }
        guard fields["countryCode"] != nil else {
            refuse("ADDRESS_FIELD_IS_REQUIRED", field + ["deliveryAddress", "countryCode"], "countryCode is required.")
            return nil
        }
        return fields
    }
}
