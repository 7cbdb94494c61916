/// A mail the shop sent (docs/customers.md#the-outbox): nothing leaves the simulator; a test reads
/// it from the outbox and follows its link as a person would.
package struct Mail: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case accountActivation = "ACCOUNT_ACTIVATION"
        case passwordReset = "PASSWORD_RESET"
        case orderConfirmation = "ORDER_CONFIRMATION"
        case signInCode = "SIGN_IN_CODE"
    }

    /// 1, 2, … in the order sent (a reset starts again from 1).
    package let number: Int
    package let sentAt: Instant
    package let to: String
    package let kind: Kind
    package let subject: String
    package let body: String
    /// The link's path on the shop (`/account/reset/2/TOKEN`); the server writes it with its origin.
    package let linkPath: String?
}

/// The mail a shop sent, oldest first, bounded as the journal is: past `maxMails` the oldest go.
package struct Outbox: Sendable, Equatable {
    package private(set) var mails: [Mail] = []
    /// How many were sent in all (the next one's number less one).
    package private(set) var sent = 0
    /// How many were dropped to stay within the bound.
    package private(set) var dropped = 0
    /// The most mails kept (docs/limits.md#shop-bounds).
    package static let maxMails = 1_000

    package init() {}

    mutating func send(to address: String, kind: Mail.Kind, subject: String, body: String, link: String?, at now: Instant) {
        sent += 1
        if mails.count >= Self.maxMails {
            mails.removeFirst()
            dropped += 1
        }
        mails.append(Mail(number: sent, sentAt: now, to: address, kind: kind, subject: subject, body: body, linkPath: link))
    }
}
