import CheckoutSimCommerce
import CheckoutSimSupport

/// `lever …` lines (docs/scenarios.md): states set on the live shop, as `POST /__sim/levers` sets them.
extension ScenarioParser {
    /// What a `lever` line may say.
    static let leverHint =
        #"expected lever stock PRODUCT_ID N, payments approved|declined [DECLINE_CODE]|requires_action [xN], checkout expired|unavailable [xN], signIn throttled|disabled|wrong_password [xN], signIn as EMAIL, scratchCards next REWARD, offers CODE expiresAt ISO|never, or clear"#

    /// `lever stock ID N | payments OUTCOME [CODE] [xN] | checkout expired|unavailable [xN] | signIn OUTCOME [xN] | scratchCards next REWARD | offers CODE expiresAt ISO|never | clear`.
    mutating func lever(_ rest: String, position: SourcePosition, restColumn: Int) {
        guard let words = Self.networkWords(rest, from: restColumn) else {
            return fail(position.line, restColumn, "a quoted name is not closed; " + Self.leverHint)
        }
        let end = restColumn + rest.count
        func column(_ index: Int) -> Int { index < words.count ? words[index].column : end }
        guard let first = words.first else { return fail(position.line, restColumn, Self.leverHint) }
        switch Lever.parse(words.map(\.text)) {
        case .success(let lever):
            append(.lever(lever, position))
        case .failure(let problem):
            fail(position.line, problem.word == 0 ? first.column : column(problem.word), problem.message)
        }
    }
}

/// Why a `lever` line's words do not make a lever: the word at fault and what was expected.
package struct LeverProblem: Error, Equatable {
    package let word: Int
    package let message: String
}

extension Lever {
    /// Reads the words after `lever`; the scenario line and its recording (`scenarioLine`) agree.
    package static func parse(_ words: [String]) -> Result<Lever, LeverProblem> {
        func problem(_ word: Int, _ message: String) -> Result<Lever, LeverProblem> { .failure(LeverProblem(word: word, message: message)) }
        switch words.first {
        case "stock":
            guard words.count == 3, let units = Int(words[2]), (0...Shop.maxLeverStock).contains(units) else {
                return problem(words.count < 2 ? 1 : 2, "expected a product id and 0 to \(Shop.maxLeverStock) units, like: lever stock pixel-8 0")
            }
            return .success(.stock(productId: words[1], units: units))
        case "payments":
            guard words.count >= 2, let outcome = PaymentLever.Outcome(rawValue: words[1]) else {
                return problem(1, "expected approved, declined or requires_action, like: lever payments declined insufficient_funds x1")
            }
            var lever = PaymentLever(outcome: outcome)
            var index = 2
            if outcome == .declined, index < words.count, !words[index].hasPrefix("x") {
                guard PaymentLever.isDeclineCode(words[index]) else {
                    return problem(index, "expected a decline code of letters, digits and _, like insufficient_funds")
                }
                lever.declineCode = words[index]
                index += 1
            }
            if index < words.count {
                guard words[index].hasPrefix("x"), let count = Int(words[index].dropFirst()), (1...1_000).contains(count) else {
                    return problem(index, "expected how many payments as xN with N from 1 to 1000, like: lever payments declined insufficient_funds x2")
                }
                lever.count = count
                index += 1
            }
            guard index == words.count else { return problem(index, "lever payments takes nothing more") }
            return .success(.payments(lever))
        case "checkout":
            return counted(words, "checkouts", like: "checkout unavailable x2").map(Lever.checkout)
        case "signIn" where words.count >= 2 && words[1] == "as":
            guard words.count == 3 || (words.count == 5 && words[3] == "session") else {
                return problem(words.count < 3 ? 2 : 3, "expected a customer's email, like: lever signIn as grace@example.com")
            }
            return .success(.signInAs(email: words[2], session: words.count == 5 ? words[4] : ""))
        case "signIn":
            return counted(words, "sign-ins", like: "signIn disabled x2").map(Lever.signIn)
        case "scratchCards":
            guard words.count == 3, words[1] == "next" else {
                return problem(1, #"expected next and a reward's kind or quoted title, like: lever scratchCards next FREE_SHIPPING"#)
            }
            return .success(.scratchCard(reward: words[2]))
        case "offers":
            guard words.count == 4, words[2] == "expiresAt" else {
                return problem(words.count < 2 ? 1 : 2, "expected an offer code, expiresAt and a time or never, like: lever offers WELCOME10 expiresAt 2026-03-01T12:00:00Z")
            }
            if words[3] == "never" { return .success(.offerWindow(code: words[1], expiresAt: nil)) }
            guard let instant = Instant(iso8601: words[3]) else {
                return problem(3, "expected a time like 2026-03-01T12:00:00Z, or never")
            }
            return .success(.offerWindow(code: words[1], expiresAt: instant))
        case "clear":
            guard words.count == 1 else { return problem(1, "lever clear takes nothing after it") }
            return .success(.clear)
        default:
            return problem(0, ScenarioParser.leverHint + (words.isEmpty ? "" : ", found \"\(words[0])\""))
        }
    }

    /// `KIND OUTCOME [xN]`: an outcome of `Outcome`'s and how many (1 unless said).
    private static func counted<Outcome>(
        _ words: [String], _ things: String, like example: String
    ) -> Result<CountedLever<Outcome>, LeverProblem> {
        let outcomes = Outcome.allCases.map(\.rawValue)
        guard words.count >= 2, let outcome = Outcome(rawValue: words[1]) else {
            let choices = outcomes.dropLast().joined(separator: ", ") + " or " + (outcomes.last ?? "")
            return .failure(LeverProblem(word: 1, message: "expected \(choices), like: lever \(words[0]) \(outcomes[0]) x1"))
        }
        var lever = CountedLever(outcome: outcome)
        if words.count > 2 {
            guard words[2].hasPrefix("x"), let count = Int(words[2].dropFirst()), (1...1_000).contains(count) else {
                return .failure(LeverProblem(word: 2, message: "expected how many \(things) as xN with N from 1 to 1000, like: lever \(example)"))
            }
            lever.count = count
        }
        guard words.count <= 3 else { return .failure(LeverProblem(word: 3, message: "lever \(words[0]) takes nothing more")) }
        return .success(lever)
    }

    /// The lever as a scenario's `lever` line says it (`parse` reads it back): a text that is not
    /// one plain word (space, quote, `#`, control character, or empty) is written quoted and
    /// escaped, so no lever can add a line to a recording.
    package var scenarioLine: String {
        let word = NetworkFault.word
        return switch self {
        case .stock(let productId, let units): "lever stock \(word(productId)) \(units)"
        case .payments(let payments):
            "lever payments \(payments.outcome.rawValue)" + (payments.outcome == .declined ? " \(word(payments.declineCode ?? "generic_decline"))" : "")
                + " x\(payments.count)"
        case .checkout(let checkout): "lever checkout \(checkout.outcome.rawValue) x\(checkout.count)"
        case .signIn(let signIn): "lever signIn \(signIn.outcome.rawValue) x\(signIn.count)"
        case .signInAs(let email, let session): "lever signIn as \(word(email))" + (session.isEmpty ? "" : " session \(word(session))")
        case .scratchCard(let reward): "lever scratchCards next " + word(reward)
        case .offerWindow(let code, let expiresAt): "lever offers \(word(code)) expiresAt \(expiresAt?.iso8601 ?? "never")"
        case .clear: "lever clear"
        }
    }
}
