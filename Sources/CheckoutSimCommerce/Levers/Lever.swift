/// One lever: a state set on the live shop that a scripted journey would otherwise take to reach
/// (docs/control.md#levers).
package enum Lever: Sendable, Equatable {
    /// Sets a product's shared stock.
    case stock(productId: String, units: Int)
    /// The next `count` payments end with `outcome`, whatever card is used.
    case payments(PaymentLever)
    /// The next revealed scratch card shows this reward of the table: its title
    /// (case-insensitively) or its kind (`FREE_SHIPPING`: the first reward of that kind).
    case scratchCard(reward: String)
    /// The next `count` checkout pages opened are expired or unavailable (docs/checkout-page.md#checkout-sheet-kit).
    case checkout(CheckoutLever)
    /// The next `count` sign-ins are refused this way, whatever the email and password (docs/customers.md#levers).
    case signIn(SignInLever)
    /// Signs `session` in as the customer `email` names, as a sign-in would, without the password
    /// (docs/customers.md#levers); an empty session is the scenario's current one.
    case signInAs(email: String, session: String)
    /// Moves an offer's end; nil makes it never end.
    case offerWindow(code: String, expiresAt: Instant?)
    /// Clears the levers not yet used up (the pending payments, checkouts and scratch card).
    case clear
}

/// How the next payments end, whatever card is used.
package struct PaymentLever: Sendable, Equatable {
    /// The outcomes a payment can be forced to.
    package enum Outcome: String, Sendable, CaseIterable {
        case approved
        case declined
        /// The bank asks for authentication the checkout cannot give: a decline with
        /// `authentication_required`, as Stripe reports an off-session payment that needs 3-D Secure.
        case requiresAction = "requires_action"
    }

    package var outcome: Outcome
    /// The decline code of a declined payment (`generic_decline` unless given).
    package var declineCode: String?
    /// How many payments it decides.
    package var count: Int

    package init(outcome: Outcome, declineCode: String? = nil, count: Int = 1) {
        self.outcome = outcome
        self.declineCode = declineCode
        self.count = count
    }

    /// Whether `text` can be a decline code: one word of 1–64 ASCII letters, digits and `_`, as
    /// card networks' codes are (`insufficient_funds`); anything else is refused where a lever is
    /// read, so no decline code can carry a space, a quote or a line end into a recording.
    package static func isDeclineCode(_ text: String) -> Bool {
        (1...64).contains(text.utf8.count)
            && text.utf8.allSatisfy { (0x41...0x5A).contains($0 & 0xDF) || (0x30...0x39).contains($0) || $0 == 0x5F }
    }

    /// The decline code the payment gets; nil when it succeeds.
    var forcedDeclineCode: String? {
        switch outcome {
        case .approved: nil
        case .declined: declineCode ?? "generic_decline"
        case .requiresAction: "authentication_required"
        }
    }
}

/// How the next `count` of something end, whatever the request says: a checkout page opened, a
/// sign-in. `Outcome` names the ways (its raw values are what levers are written with).
package struct CountedLever<Outcome: RawRepresentable & CaseIterable & Sendable & Equatable>: Sendable, Equatable where Outcome.RawValue == String {
    package var outcome: Outcome
    /// How many it decides.
    package var count: Int

    package init(outcome: Outcome, count: Int = 1) {
        self.outcome = outcome
        self.count = count
    }

    /// Uses one up: the outcome, and the lever left (nil when it is used up).
    func taken() -> (Outcome, CountedLever?) {
        (outcome, count > 1 ? CountedLever(outcome: outcome, count: count - 1) : nil)
    }
}

/// How the next checkout pages opened end, before the buyer can do anything: what Checkout Sheet
/// Kit reports as `checkoutExpired` or `checkoutUnavailable`.
package enum CheckoutPageOutcome: String, Sendable, CaseIterable {
    /// The checkout has expired: a new cart is needed.
    case expired
    /// The checkout cannot be shown now.
    case unavailable
}

package typealias CheckoutLever = CountedLever<CheckoutPageOutcome>

/// How the next sign-ins end, whatever email and password they give: what an app must show when
/// Shopify throttles it, or an account is disabled or a password wrong.
package enum SignInOutcome: String, Sendable, CaseIterable {
    /// Too many attempts: Shopify's `THROTTLED`.
    case throttled
    /// The account is disabled: `CUSTOMER_DISABLED`.
    case disabled
    /// The password is wrong: `UNIDENTIFIED_CUSTOMER`.
    case wrongPassword = "wrong_password"
}

package typealias SignInLever = CountedLever<SignInOutcome>

/// The levers pulled and not yet used up.
package struct PendingLevers: Sendable, Equatable {
    /// How the next payments end.
    package var payments: PaymentLever?
    /// How the next checkout pages opened end.
    package var checkout: CheckoutLever?
    /// The reward the next revealed scratch card shows.
    package var scratchRewardIndex: Int?
    /// How the next sign-ins end.
    package var signIn: SignInLever?
    /// Whether the next code typed on the account sign-in page is refused: a `wrong_password`
    /// sign-in lever taken by that page's email step (docs/customers.md#levers).
    package var refusesAccountCode = false

    package init() {}
}
