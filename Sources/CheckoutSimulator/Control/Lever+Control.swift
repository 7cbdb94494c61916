import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The `levers` control action's argument (docs/control.md#levers).
extension Lever {
    /// The argument's shape, as refusals show it.
    static let shape = #"{"stock"?: {"PRODUCT_ID": 0…1000000}, "payments"?: {"next": "approved"|"declined"|"requires_action", "declineCode"?: a word of letters, digits and _, "count"?: 1…1000}, "checkout"?: {"next": "expired"|"unavailable", "count"?: 1…1000}, "signIn"?: {"next": "throttled"|"disabled"|"wrong_password", "count"?: 1…1000} or {"as": EMAIL, "session"?: NAME}, "scratchCards"?: {"next": REWARD}, "offers"?: {"CODE": {"expiresAt": ISO or null}}}; {} clears the levers not yet used up"#

    /// Reads the levers an argument pulls, in the order it names them; `{}` is `clear`.
    static func parse(_ argument: JSON?) -> Result<[Lever], BadRequest> {
        guard case .object(let object)? = argument else {
            return .failure(BadRequest("Expected a JSON object. Send " + shape + "."))
        }
        guard object.count > 0 else { return .success([.clear]) }
        let refused = { (what: String) in Result<[Lever], BadRequest>.failure(BadRequest("\(what) is wrong. Send " + shape + ".")) }
        var levers: [Lever] = []
        for (key, value) in zip(object.keys, object.values) {
            switch key {
            case "stock":
                guard case .object(let stock) = value, stock.count > 0 else { return refused("stock") }
                for (productId, units) in zip(stock.keys, stock.values) {
                    guard case .int(let count) = units, (0...Shop.maxLeverStock).contains(count) else { return refused("stock.\(productId)") }
                    levers.append(.stock(productId: productId, units: count))
                }
            case "payments":
                guard case .object(let payments) = value, payments.keys.allSatisfy(["next", "declineCode", "count"].contains),
                      let next = payments["next"]?.stringValue, let outcome = PaymentLever.Outcome(rawValue: next)
                else { return refused("payments") }
                var lever = PaymentLever(outcome: outcome)
                if let code = payments["declineCode"] {
                    guard outcome == .declined, let text = code.stringValue, PaymentLever.isDeclineCode(text) else { return refused("payments.declineCode") }
                    lever.declineCode = text
                }
                if let count = payments["count"] {
                    guard case .int(let number) = count, (1...1_000).contains(number) else { return refused("payments.count") }
                    lever.count = number
                }
                levers.append(.payments(lever))
            case "checkout":
                guard let lever = CheckoutLever(json: value) else { return refused(countedProblem(value, "checkout")) }
                levers.append(.checkout(lever))
            case "signIn":
                if case .object(let signIn) = value, let email = signIn["as"] {
                    guard signIn.keys.allSatisfy(["as", "session"].contains), let text = email.stringValue, !text.isEmpty,
                          let session = signIn["session"].map({ $0.stringValue }) ?? "default", !session.isEmpty,
                          Simulator.refusal(ofSession: session) == nil
                    else { return refused("signIn") }
                    levers.append(.signInAs(email: text, session: session))
                    continue
                }
                guard let lever = SignInLever(json: value) else { return refused(countedProblem(value, "signIn")) }
                levers.append(.signIn(lever))
            case "scratchCards":
                guard case .object(let cards) = value, cards.count == 1, let reward = cards["next"]?.stringValue, !reward.isEmpty else {
                    return refused("scratchCards")
                }
                levers.append(.scratchCard(reward: reward))
            case "offers":
                guard case .object(let offers) = value, offers.count > 0 else { return refused("offers") }
                for (code, window) in zip(offers.keys, offers.values) {
                    guard case .object(let fields) = window, fields.count == 1, let expiresAt = fields["expiresAt"] else { return refused("offers.\(code)") }
                    switch expiresAt {
                    case .null: levers.append(.offerWindow(code: code, expiresAt: nil))
                    case .string(let text):
                        guard let instant = Instant(iso8601: text) else { return refused("offers.\(code).expiresAt") }
                        levers.append(.offerWindow(code: code, expiresAt: instant))
                    default: return refused("offers.\(code).expiresAt")
                    }
                }
            default:
                return .failure(BadRequest("\"\(key)\" is not a lever. Send " + shape + "."))
            }
        }
        return .success(levers)
    }
}

extension CountedLever {
    /// `{"next": OUTCOME, "count"?: 1…1000}`; nil when it is not that.
    init?(json: JSON) {
        guard case .object(let object) = json, object.keys.allSatisfy(["next", "count"].contains),
              let next = object["next"]?.stringValue, let outcome = Outcome(rawValue: next)
        else { return nil }
        self.init(outcome: outcome)
        if let count = object["count"] {
            guard case .int(let number) = count, (1...1_000).contains(number) else { return nil }
            self.count = number
        }
    }
}

/// Which part of a counted lever's JSON is wrong: its count when the rest is right.
private func countedProblem(_ json: JSON, _ name: String) -> String {
    guard case .object(let object) = json, object.keys.allSatisfy(["next", "count"].contains), object["next"]?.stringValue != nil,
          object["count"] != nil
    else { return name }
    return name + ".count"
}
