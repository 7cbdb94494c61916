/// The walk over values: every value with the type it must have, every input object field, and
/// the variable usages a value contains (for the variable rules), each visited once.
extension Validator {
    /// Walks `value`, which must be of `type` (nil: unknown, so only its variables count).
    mutating func walkValue(_ value: Value, type: TypeRef?, summary: inout Summary, locationHasDefault: Bool = false) throws(Aborted) {
        if case .variable(let name) = value {
            // Room for a few: grown from empty one by one, two usages were two allocations.
            if summary.usages.capacity == 0 { summary.usages.reserveCapacity(4) }
            summary.usages.append(
                VariableUsage(name: name, offset: value.offset, expected: type, locationHasDefault: locationHasDefault))
            return
        }
        guard let type else {
            try walkChildren(of: value, summary: &summary)
            return
        }
        switch type {
        case .nonNull(let inner):
            if case .null = value {
                let node = ValueNode(value: value, type: type)
                try hooks.value.run { rule throws(Aborted) in try rule.value?(&self, node) }
                return
            }
            try walkValue(value, type: inner, summary: &summary)
        case .list(let inner):
            // A null is a value of any nullable type, a list too: it is not an item (spec §3.11).
            if case .null = value { return }
            if case .list(let items, _) = value {
                for item in items { try walkValue(item, type: inner, summary: &summary) }
            } else {
                try walkValue(value, type: inner, summary: &summary)
            }
        case .named(let index):
            if case .null = value { return }
            let node = ValueNode(value: value, type: type)
            try hooks.value.run { rule throws(Aborted) in try rule.value?(&self, node) }
            // The shape in place: copying the whole type retained each of its members.
            switch schema.types[index].shape {
            case .inputObject(let fields):
                if case .object(let provided, _) = value {
                    try walkInputObject(value, provided: provided, type: index, fields: fields, summary: &summary)
                } else {
                    try walkChildren(of: value, summary: &summary)
                }
            case .scalar:
                // Only a list or object (never a valid scalar) has children: their variables count.
                try walkChildren(of: value, summary: &summary)
            case .enumeration, .object, .interface, .union:
                break
            }
        }
    }

    private mutating func walkInputObject(
        _ value: Value, provided: [ObjectField], type: Int, fields: [InputValueDefinition], summary: inout Summary
    ) throws(Aborted) {
        var seen = FirstSeen(count: provided.count)
        // By position, each field read in place: enumerating copied every field, name and value,
        // into an optional pair and destroyed it again (Benchmarks/NOTES.md, issue 43).
        for position in provided.indices {
            let first = seen.first(provided[position].name, earlier: provided[..<position].lazy.map { $0.name })
            let definition = fields.firstIndex { $0.name == provided[position].name.value }
            let node = InputFieldNode(provided: provided, position: position, type: type, isDefined: definition != nil, firstOffset: first)
            try hooks.inputField.run { rule throws(Aborted) in try rule.inputField?(&self, node) }
            try walkValue(
                provided[position].value, type: definition.map { fields[$0].type }, summary: &summary,
                locationHasDefault: definition.map { fields[$0].defaultValue != nil } ?? false)
        }
        let node = InputObjectNode(value: value, type: type, fields: fields, provided: provided)
        try hooks.leaveInputObject.run { rule throws(Aborted) in try rule.leaveInputObject?(&self, node) }
    }

    /// Walks into a value of unknown or wrong type so that its variables still count as used.
    private mutating func walkChildren(of value: Value, summary: inout Summary) throws(Aborted) {
        switch value {
        case .list(let items, _):
            for item in items { try walkValue(item, type: nil, summary: &summary) }
        case .object(let fields, _):
            for field in fields { try walkValue(field.value, type: nil, summary: &summary) }
        case .variable:
            try walkValue(value, type: nil, summary: &summary)
        default:
            break
        }
    }
}
