/// One entry of the scratch-card reward table.
package struct ScratchReward: Sendable, Equatable {
    /// The discount the card reveals.
    package let value: DiscountValue
    /// The reward's title, shown on the revealed card.
    package let title: String
    /// Its relative chance in the seeded draw.
    package let weight: Int

    /// A reward with its draw weight.
    package init(value: DiscountValue, title: String, weight: Int) {
        self.value = value
        self.title = title
        self.weight = weight
    }
}

/// `scratch-cards.json`: how many cards a session gets and what they can reveal.
package struct ScratchCardTable: Sendable, Equatable {
    /// How many cards a new session gets.
    package let issuedPerSession: Int
    /// A paid order with at least this total issues one more card; nil for never.
    package let issueOnOrderOver: Int64?
    /// How many days after it is issued a card expires.
    package let validForDays: Int
    /// The rewards a card can reveal, with their weights.
    package let rewards: [ScratchReward]

    /// A table of how cards are issued and what they reveal.
    package init(issuedPerSession: Int, issueOnOrderOver: Int64?, validForDays: Int, rewards: [ScratchReward]) {
        self.issuedPerSession = issuedPerSession
        self.issueOnOrderOver = issueOnOrderOver
        self.validForDays = validForDays
        self.rewards = rewards
    }
}
