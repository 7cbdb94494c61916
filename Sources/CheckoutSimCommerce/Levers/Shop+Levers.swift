/// Levers on the live shop (docs/control.md#levers).
extension Shop {
    /// The most units a stock lever sets.
    package static let maxLeverStock = 1_000_000

    /// Pulls `lever`; a product, offer or reward that does not exist is refused, changing nothing.
    package mutating func pull(_ lever: Lever) throws(CommerceError) {
        switch lever {
        case .stock(let productId, let units):
            guard (0...Self.maxLeverStock).contains(units) else {
                throw CommerceError(.invalidQuantity, "A stock lever sets 0 to \(Self.maxLeverStock) units, not \(units).", field: ["stock", productId])
            }
            let position = try product(productId).position
            inventory.setStock(units, at: position)
        case .payments(let payments):
            pending.payments = payments.count > 0 ? payments : nil
        case .checkout(let checkout):
            pending.checkout = checkout.count > 0 ? checkout : nil
        case .signIn(let signIn):
            pending.signIn = signIn.count > 0 ? signIn : nil
        case .signInAs(let email, let session):
            guard let customer = customers.customer(email: email) else {
                throw CommerceError(.unidentifiedCustomer, "No customer has the email \"\(email)\".", field: ["signIn", "as"])
            }
            guard customer.state == .enabled else {
                throw CommerceError(.customerDisabled, "The customer \"\(email)\" is \(customer.state.rawValue); only an enabled one signs in.", field: ["signIn", "as"])
            }
            let grant = customers.grant(customer.number, at: clock)
            withSession(session) { shopper, _ in shopper.customerToken = grant.token }
        case .scratchCard(let reward):
            guard let index = scratchRewardIndex(named: reward) else {
                let names = scratchTable.rewards.map { "\"\($0.title)\" (\($0.value.kind.rawValue))" }.joined(separator: ", ")
                throw CommerceError(.invalidInput, "The scratch-card table has no reward \"\(reward)\"; it has \(names).", field: ["scratchCards", "next"])
            }
            pending.scratchRewardIndex = index
        case .offerWindow(let code, let expiresAt):
            guard let index = offers.firstIndex(where: { $0.code.lowercased() == code.lowercased() }) else {
                throw CommerceError(.offerNotFound, "There is no offer \"\(code)\".", field: ["offers", code])
            }
            offers[index].expiresAt = expiresAt
        case .clear:
            pending = PendingLevers()
        }
    }

    /// The index of the reward `name` names in the scratch-card table: its title
    /// (case-insensitively) or its kind (`FREE_SHIPPING`, the first reward of that kind).
    func scratchRewardIndex(named name: String) -> Int? {
        scratchTable.rewards.firstIndex { $0.title.lowercased() == name.lowercased() }
            ?? scratchTable.rewards.firstIndex { $0.value.kind.rawValue == name }
    }

    /// Takes one forced payment outcome, if a payments lever is pending: the decline code it
    /// forces (nil: approved).
    mutating func takeForcedPayment() -> String?? {
        guard var payments = pending.payments else { return nil }
        payments.count -= 1
        pending.payments = payments.count > 0 ? payments : nil
        return .some(payments.forcedDeclineCode)
    }

    /// Takes one forced sign-in outcome, if a sign-in lever is pending.
    mutating func takeForcedSignIn() -> SignInOutcome? {
        guard let (outcome, left) = pending.signIn?.taken() else { return nil }
        pending.signIn = left
        return outcome
    }

    /// Takes one forced checkout outcome for a checkout page being opened, if a checkout lever is pending.
    package mutating func takeForcedCheckout() -> CheckoutPageOutcome? {
        guard let (outcome, left) = pending.checkout?.taken() else { return nil }
        pending.checkout = left
        return outcome
    }

    /// Takes the pending scratch-card reward, if any.
    mutating func takeForcedScratchReward() -> Int? {
        defer { pending.scratchRewardIndex = nil }
        return pending.scratchRewardIndex
    }
}
