/// A payment test card and the outcome it forces.
public struct TestCard: Sendable, Equatable {
    /// The card number, digits only.
    public let number: String
    /// The card's brand (`visa`, `mastercard`, `amex`, …).
    public let brand: String
    /// Whether charging it succeeds.
    public let succeeds: Bool
    /// The decline code when it does not (`card_declined`, `insufficient_funds`, …).
    public let declineCode: String?
    /// What the card is for, as the fixture describes it.
    public let description: String

    /// What paying with the card does.
    public var outcome: PaymentStatus { succeeds ? .succeeded : .declined }

    /// A test card and its forced outcome.
    public init(number: String, brand: String, succeeds: Bool, declineCode: String?, description: String) {
        self.number = number
        self.brand = brand
        self.succeeds = succeeds
        self.declineCode = declineCode
        self.description = description
    }
}
