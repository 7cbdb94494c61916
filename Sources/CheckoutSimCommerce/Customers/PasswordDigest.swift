import CheckoutSimSupport

/// A password as the shop keeps it: a salt and the SHA-256 of the salt and the password, never
/// the password itself (docs/customers.md#secrets).
package struct PasswordDigest: Sendable, Equatable {
    private let salt: [UInt8]
    private let digest: [UInt8]

    /// `password` under `salt` (the shop draws salts from its seeded sequence, so the same
    /// requests keep the same digests).
    package init(_ password: String, salt: [UInt8]) {
        self.salt = salt
        digest = SHA256.hash(salt + Array(password.utf8))
    }

    /// Whether `password` is the one kept: every byte compared, whichever differs first.
    package func matches(_ password: String) -> Bool {
        let other = SHA256.hash(salt + Array(password.utf8))
        var difference: UInt8 = 0
        for (a, b) in zip(digest, other) { difference |= a ^ b }
        return difference == 0 && digest.count == other.count
    }
}
