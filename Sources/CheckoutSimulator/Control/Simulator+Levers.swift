import CheckoutSimCommerce
import CheckoutSimGraphQL
import CheckoutSimSupport

extension Simulator {
    /// Levers: states set on the live shop that a scripted journey would otherwise take to reach
    /// (docs/control.md#levers). Each pull is kept beside the journal, so a recording replays it.
    public var levers: Levers { Levers(simulator: self) }

    /// The levers of one simulator.
    public struct Levers: Sendable {
        let simulator: Simulator

        /// Sets `productId`'s shared stock to `units` (0 sells it out).
        public func setStock(_ units: Int, of productId: String) throws(SimulatorError) {
            try simulator.pullOrThrow([.stock(productId: productId, units: units)])
        }

        /// The next `count` payments are approved, whatever card is used.
        public func approveNextPayments(_ count: Int = 1) throws(SimulatorError) {
            try simulator.pullOrThrow([.payments(PaymentLever(outcome: .approved, count: count))])
        }

        /// The next `count` payments are declined with `declineCode`, whatever card is used.
        public func declineNextPayments(_ count: Int = 1, declineCode: String = "generic_decline") throws(SimulatorError) {
            try simulator.pullOrThrow([.payments(PaymentLever(outcome: .declined, declineCode: declineCode, count: count))])
        }

        /// The next `count` payments need authentication the checkout cannot give: declined with
        /// `authentication_required`, as Stripe reports `requires_action` off-session.
        public func requireActionOnNextPayments(_ count: Int = 1) throws(SimulatorError) {
            try simulator.pullOrThrow([.payments(PaymentLever(outcome: .requiresAction, count: count))])
        }

        /// The next `count` checkout pages opened say the checkout has expired (HTTP 410, Checkout
        /// Sheet Kit's `checkoutExpired`), before the buyer can pay.
        public func expireNextCheckouts(_ count: Int = 1) throws(SimulatorError) {
            try simulator.pullOrThrow([.checkout(CheckoutLever(outcome: .expired, count: count))])
        }

        /// The next `count` checkout pages opened say the checkout is unavailable (Checkout Sheet
        /// Kit's `checkoutUnavailable`), before the buyer can pay.
        public func makeNextCheckoutsUnavailable(_ count: Int = 1) throws(SimulatorError) {
            try simulator.pullOrThrow([.checkout(CheckoutLever(outcome: .unavailable, count: count))])
        }

        /// The next revealed scratch card shows `reward`: a reward's title, or its kind
        /// (`FREE_SHIPPING`, `NO_REWARD`, …).
        public func nextScratchCardReward(_ reward: String) throws(SimulatorError) {
            try simulator.pullOrThrow([.scratchCard(reward: reward)])
        }

        /// Moves offer `code`'s end to `expiresAt` (ISO 8601); nil makes it never end.
        public func setOffer(_ code: String, expiresAt: String?) throws(SimulatorError) {
            var instant: Instant?
            if let expiresAt {
                guard let parsed = Instant(iso8601: expiresAt) else {
                    throw SimulatorError(code: .invalidLever, message: "\"\(expiresAt)\" is not a time like 2026-03-01T12:00:00Z.")
                }
                instant = parsed
            }
            try simulator.pullOrThrow([.offerWindow(code: code, expiresAt: instant)])
        }

        /// Clears the levers not yet used up: pending payment and checkout outcomes, scratch-card reward.
        public func clear() {
            _ = simulator.pull([.clear])
        }
    }

    /// Pulls `levers` in order, all or none: the first refusal's message, or nil.
    func pull(_ levers: [Lever]) -> String? {
        withState { state in
            var shop = state.shop
            for lever in levers {
                do throws(CommerceError) {
                    try shop.pull(lever)
                } catch {
                    return error.message
                }
            }
            state.shop = shop
            journal.withLock { journal in
                for lever in levers { journal.recordLever(lever) }
            }
            return nil
        }
    }

    private func pullOrThrow(_ levers: [Lever]) throws(SimulatorError) {
        if let refusal = pull(levers) { throw SimulatorError(code: .invalidLever, message: refusal) }
    }

    /// Pulls one lever for a scenario run against this simulator.
    package func pull(_ lever: Lever) -> String? {
        pull([lever])
    }

    /// The levers not yet used up, as the control API reports them.
    var pendingLeversJSON: JSON {
        let (pending, reward) = withState { state in
            (state.shop.pending, state.shop.pending.scratchRewardIndex.map { state.shop.scratchTable.rewards[$0] })
        }
        return .object(JSONObject([
            ("payments", pending.payments.map { payments in
                .object(JSONObject([
                    ("next", .string(payments.outcome.rawValue)),
                    ("declineCode", payments.outcome == .declined ? .string(payments.declineCode ?? "generic_decline") : .null),
                    ("count", .int(payments.count)),
                ]))
            } ?? .null),
            ("checkout", pending.checkout.map { .object(JSONObject([("next", .string($0.outcome.rawValue)), ("count", .int($0.count))])) } ?? .null),
            ("scratchCards", reward.map { .object(JSONObject([("next", .string($0.title)), ("kind", .string($0.value.kind.rawValue))])) } ?? .null),
            ("signIn", pending.signIn.map { .object(JSONObject([("next", .string($0.outcome.rawValue)), ("count", .int($0.count))])) } ?? .null),
        ]))
    }
}
