/// Scratch cards (docs/schema.md#scratch-cards).
extension Shop {
    /// The reward a card reveals, fixed by seed, session and card id.
    package func rewardIndex(session: String, card: String) -> Int? {
        ScratchDraw.rewardIndex(seed: seed, session: session, card: card, weights: scratchTable.rewards.map(\.weight))
    }

    /// Reveals a card: its reward is drawn from the seeded table, the same in every run.
    package mutating func revealScratchCard(id: String, session name: String) throws(CommerceError) {
        try withSession(name) { session, shop throws(CommerceError) in
            guard let index = session.scratchCards.firstIndex(where: { $0.id == id }) else {
                throw CommerceError(.scratchCardNotFound, "There is no scratch card \"\(id)\".", field: ["id"])
            }
            let card = session.scratchCards[index]
            guard card.state == .unrevealed else {
                throw CommerceError(.scratchCardAlreadyRevealed, "Scratch card \"\(id)\" is already revealed.", field: ["id"])
            }
            guard shop.clock <= card.expiresAt else {
                throw CommerceError(.scratchCardExpired, "Scratch card \"\(id)\" expired at \(card.expiresAt.iso8601).", field: ["id"])
            }
            // A scratch-card lever decides the next reveal (docs/control.md#levers).
            session.scratchCards[index].rewardIndex = shop.takeForcedScratchReward() ?? shop.rewardIndex(session: session.name, card: id)
            session.scratchCards[index].state = .revealed
        }
    }

    /// Puts a revealed, unused, unexpired card's reward on the session's cart.
    package mutating func applyScratchCard(id: String, session name: String) throws(CommerceError) {
        try withSession(name) { session, shop throws(CommerceError) in
            guard let index = session.scratchCards.firstIndex(where: { $0.id == id }) else {
                throw CommerceError(.scratchCardNotFound, "There is no scratch card \"\(id)\".", field: ["id"])
            }
            let card = session.scratchCards[index]
            switch card.state {
            case .unrevealed:
                throw CommerceError(.scratchCardNotRevealed, "Reveal scratch card \"\(id)\" before applying it.", field: ["id"])
            case .redeemed:
                throw CommerceError(.scratchCardAlreadyUsed, "Scratch card \"\(id)\" was already used on an order.", field: ["id"])
            case .revealed, .applied:
                break
            }
            guard shop.clock <= card.expiresAt else {
                throw CommerceError(.scratchCardExpired, "Scratch card \"\(id)\" expired at \(card.expiresAt.iso8601).", field: ["id"])
            }
            guard let reward = card.rewardIndex.map({ shop.scratchTable.rewards[$0] }), reward.value.kind != .noReward else {
                throw CommerceError(.scratchCardNoReward, "Scratch card \"\(id)\" has no reward to apply.", field: ["id"])
            }
            Shop.detachScratchCard(from: &session)
            session.scratchCards[index].state = .applied
            session.cart.scratchCardId = id
        }
    }

    /// Takes the scratch card off the session's cart.
    package mutating func removeScratchCard(session name: String) {
        withSession(name) { session, _ in Shop.detachScratchCard(from: &session) }
    }
}
