/// ValuesOfCorrectTypeRule (spec §5.6.1, §5.6.2 input fields exist, §5.6.4 required input fields),
/// plus the variable usages a value contains (for the variable rules).
extension Validator {
    mutating func checkValue(
        _ value: Value, type: TypeRef?, summary: inout Summary, locationHasDefault: Bool = false
    ) throws(Aborted) {
        if case .variable(let name) = value {
            summary.usages.append(
                VariableUsage(name: name.value, offset: value.offset, expected: type, locationHasDefault: locationHasDefault))
            return
        }
        guard let type else {
            try checkChildren(of: value, summary: &summary)
            return
        }
        switch type {
        case .nonNull(let inner):
            if case .null = value {
                try report("Expected value of type \"\(schema.describe(type))\", found null.", [value.offset])
                return
            }
            try checkValue(value, type: inner, summary: &summary)
        case .list(let inner):
            if case .list(let items, _) = value {
                for item in items { try checkValue(item, type: inner, summary: &summary) }
            } else {
                try checkValue(value, type: inner, summary: &summary)
            }
        case .named(let index):
            if case .null = value { return }
            try checkNamed(value, type: schema.types[index], summary: &summary)
        }
    }

    private mutating func checkNamed(_ value: Value, type: NamedType, summary: inout Summary) throws(Aborted) {
        switch type.shape {
        case .inputObject(let fields):
            guard case .object(let provided, _) = value else {
                try report("Expected value of type \"\(type.name)\", found \(ValuePrinter.print(value)).", [value.offset])
                try checkChildren(of: value, summary: &summary)
                return
            }
            var seen = NameMap()
            for field in provided {
                let name = field.name.value
                try checkUniqueInputField(field, seen: &seen)
                guard let definition = fields.first(where: { $0.name == name }) else {
                    let hint = Suggestions.didYouMean(Suggestions.list(name, options: fields.map(\.name)))
                    try report("Field \"\(name)\" is not defined by type \"\(type.name)\".\(hint)", [field.name.offset])
                    try checkValue(field.value, type: nil, summary: &summary)
                    continue
                }
                try checkValue(field.value, type: definition.type, summary: &summary, locationHasDefault: definition.defaultValue != nil)
            }
            for field in fields where field.type.isNonNull && field.defaultValue == nil {
                if seen[field.name] == nil {
                    try report(
                        "Field \"\(type.name).\(field.name)\" of required type \"\(schema.describe(field.type))\" was not provided.",
                        [value.offset])
                }
            }
        case .enumeration(let values):
            let names = values.map(\.name)
            let printed = ValuePrinter.print(value)
            guard case .enumValue(let name, _) = value else {
                let hint = Suggestions.didYouMean(Suggestions.list(printed, options: names), subject: "the enum value")
                try report("Enum \"\(type.name)\" cannot represent non-enum value: \(printed).\(hint)", [value.offset])
                return
            }
            if !names.contains(name) {
                let hint = Suggestions.didYouMean(Suggestions.list(name, options: names), subject: "the enum value")
                try report("Value \"\(name)\" does not exist in \"\(type.name)\" enum.\(hint)", [value.offset])
            }
        case .scalar(let kind):
            if ValueCoercion.scalarFromLiteral(value, kind: kind) == nil {
                try report(Self.scalarMessage(value, kind: kind), [value.offset])
                try checkChildren(of: value, summary: &summary)
            }
        case .object:
            try report("Expected value of type \"\(type.name)\", found \(ValuePrinter.print(value)).", [value.offset])
        }
    }

    /// Walks into a value of unknown or wrong type so that its variables still count as used.
    private mutating func checkChildren(of value: Value, summary: inout Summary) throws(Aborted) {
        switch value {
        case .list(let items, _):
            for item in items { try checkValue(item, type: nil, summary: &summary) }
        case .object(let fields, _):
            for field in fields { try checkValue(field.value, type: nil, summary: &summary) }
        case .variable:
            try checkValue(value, type: nil, summary: &summary)
        default:
            break
        }
    }

    static func scalarMessage(_ value: Value, kind: ScalarKind) -> String {
        let printed = ValuePrinter.print(value)
        switch kind {
        case .int:
            if case .int(let text, _) = value { return "Int cannot represent non 32-bit signed integer value: \(text)" }
            return "Int cannot represent non-integer value: \(printed)"
        case .float: return "Float cannot represent non numeric value: \(printed)"
        case .string: return "String cannot represent a non string value: \(printed)"
        case .boolean: return "Boolean cannot represent a non boolean value: \(printed)"
        case .id: return "ID cannot represent a non-string and non-integer value: \(printed)"
        }
    }
}
