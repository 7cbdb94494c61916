import CheckoutSimCommerce
import CheckoutSimGraphQL

extension FixtureLoader {
    mutating func loadOffers(brands: [Brand]) -> [OfferDefinition] {
        guard let json = parse("offers.json") else { return [] }
        var reader = FixtureReader(file: "offers.json", currency: currency)
        defer { problems += reader.problems }
        guard case .array(let items) = json else {
            reader.problem("$", "expected an array of offers, found \(json.kindDescription)")
            return []
        }
        var offers: [OfferDefinition] = []
        for (index, item) in items.enumerated() {
            let path = "[\(index)]"
            guard let object = reader.object(
                item, at: path, required: ["code", "title", "description", "kind", "value"],
                optional: ["minSpend", "brandId", "expiresAt", "usageLimit"])
            else { continue }
            let code = reader.string(object, "code", at: path)
            let title = reader.string(object, "title", at: path)
            let description = reader.string(object, "description", at: path, nonEmpty: false)
            let value = reader.discount(object, at: path, allowNoReward: false)
            let minSpend = reader.decimal(object, "minSpend", at: path)
            let brandId = reader.id(object, "brandId", at: path)
            if let brandId, !brands.contains(where: { $0.id == brandId }) {
                reader.problem(path + ".brandId", "unknown brand \"\(brandId)\" (not in brands.json)")
            }
            let expiresAt = reader.instant(object, "expiresAt", at: path)
            let usageLimit = reader.int(object, "usageLimit", at: path, range: 1...1_000_000)
            if let code, offers.contains(where: { $0.code.lowercased() == code.lowercased() }) {
                reader.problem(path + ".code", "offer code \"\(code)\" is defined twice (codes are case-insensitive)")
                continue
            }
            guard let code, let title, let description, let value else { continue }
            offers.append(OfferDefinition(
                code: code, title: title, description: description, value: value, minSpend: minSpend, brandId: brandId,
                expiresAt: expiresAt, usageLimit: usageLimit))
        }
        return offers
    }

    mutating func loadScratchCards() -> ScratchCardTable? {
        guard let json = parse("scratch-cards.json") else { return nil }
        var reader = FixtureReader(file: "scratch-cards.json", currency: currency)
        defer { problems += reader.problems }
        guard let object = reader.object(
            json, at: "$", required: ["issuedPerSession", "validForDays", "rewards"], optional: ["issueOnOrderOver"])
        else { return nil }
        let issued = reader.int(object, "issuedPerSession", at: "$", range: 0...100)
        let over = reader.decimal(object, "issueOnOrderOver", at: "$")
        let days = reader.int(object, "validForDays", at: "$", range: 1...3650)
        var rewards: [ScratchReward] = []
        if let rewardsJSON = object["rewards"] {
            guard case .array(let items) = rewardsJSON else {
                reader.problem("rewards", "expected an array of rewards, found \(rewardsJSON.kindDescription)")
                return nil
            }
            for (index, item) in items.enumerated() {
                let path = "rewards[\(index)]"
                guard let reward = reader.object(item, at: path, required: ["kind", "value", "title", "weight"], optional: [])
                else { continue }
                let value = reader.discount(reward, at: path, allowNoReward: true)
                let title = reader.string(reward, "title", at: path)
                let weight = reader.int(reward, "weight", at: path, range: 0...1_000_000)
                guard let value, let title, let weight else { continue }
                rewards.append(ScratchReward(value: value, title: title, weight: weight))
            }
            if !items.isEmpty, rewards.count == items.count, rewards.allSatisfy({ $0.weight == 0 }) {
                reader.problem("rewards", "at least one reward needs a weight above 0")
            }
        }
        guard let issued, let days, object["issueOnOrderOver"] == nil || over != nil else { return nil }
        return ScratchCardTable(issuedPerSession: issued, issueOnOrderOver: over, validForDays: days, rewards: rewards)
    }

    mutating func loadTestCards() -> [TestCard] {
        guard let json = parse("payment-test-cards.json") else { return [] }
        var reader = FixtureReader(file: "payment-test-cards.json", currency: currency)
        defer { problems += reader.problems }
        guard case .array(let items) = json else {
            reader.problem("$", "expected an array of test cards, found \(json.kindDescription)")
            return []
        }
        var cards: [TestCard] = []
        for (index, item) in items.enumerated() {
            let path = "[\(index)]"
            guard let object = reader.object(
                item, at: path, required: ["number", "brand", "outcome", "description"], optional: ["declineCode"])
            else { continue }
            let number = reader.string(object, "number", at: path)
            if let number, !(12...19).contains(number.count) || !number.allSatisfy(\.isASCIIDigit) {
                reader.problem(path + ".number", "expected 12 to 19 digits, found \(JSON.string(number).serialized())")
                continue
            }
            let brand = reader.string(object, "brand", at: path)
            let outcome = reader.string(object, "outcome", at: path)
            if let outcome, outcome != "SUCCEEDED", outcome != "DECLINED" {
                reader.problem(path + ".outcome", "expected SUCCEEDED or DECLINED, found \(JSON.string(outcome).serialized())")
            }
            let declineCode = reader.string(object, "declineCode", at: path)
            if outcome == "DECLINED", declineCode == nil, object["declineCode"] == nil {
                reader.problem(path, "a DECLINED card needs a \"declineCode\"")
            }
            let description = reader.string(object, "description", at: path, nonEmpty: false)
            guard let number, let brand, let outcome, outcome == "SUCCEEDED" || outcome == "DECLINED", let description else {
                continue
            }
            cards.append(TestCard(
                number: number, brand: brand, succeeds: outcome == "SUCCEEDED", declineCode: declineCode, description: description))
        }
        return cards
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isNumber }
}
