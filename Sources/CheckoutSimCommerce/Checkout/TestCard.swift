/// A payment test card and the outcome it forces.
package struct TestCard: Sendable, Equatable {
    /// The card number, digits only.
    package let number: String
    /// The card's brand (`visa`, `mastercard`, `amex`, …).
    package let brand: String
    /// Whether charging it succeeds.
    package let succeeds: Bool
    /// The decline code when it does not (`card_declined`, `insufficient_funds`, …).
    package let declineCode: String?
    /// What the card is for, as the fixture describes it.
    package let description: String

    /// What paying with the card does.
    package var outcome: PaymentStatus { succeeds ? .succeeded : .declined }

    /// A test card and its forced outcome.
    package init(number: String, brand: String, succeeds: Bool, declineCode: String?, description: String) {
        self.number = number
        self.brand = brand
        self.succeeds = succeeds
        self.declineCode = declineCode
        self.description = description
    }
}
