extension ValidationRule {
    /// ValuesOfCorrectTypeRule (spec §5.6.1, §5.6.2 input fields exist, §5.6.4 required input fields).
    static let valuesOfCorrectType = ValidationRule(
        name: "ValuesOfCorrectTypeRule",
        value: { validator, node throws(Validator.Aborted) in try validator.checkValue(node.value, type: node.type) },
        inputField: { validator, node throws(Validator.Aborted) in
            guard !node.isDefined else { return }
            let name = node.field.name.value
            let type = validator.schema.types[node.type]
            let hint = Suggestions.didYouMean(Suggestions.list(name, options: type.inputFields.map(\.name)))
            try validator.report("Field \"\(name)\" is not defined by type \"\(type.name)\".\(hint)", [node.field.name.offset])
        },
        leaveInputObject: { validator, node throws(Validator.Aborted) in
            for field in node.fields where field.type.isNonNull && field.defaultValue == nil && !node.provided.contains(where: { $0.name.value == field.name }) {
                try validator.report(
                    "Field \"\(validator.schema.types[node.type].name).\(field.name)\" of required type \"\(validator.schema.describe(field.type))\" was not provided.",
                    [node.value.offset])
            }
        })
}

extension Validator {
    /// Reports `value` when it cannot be of `type` (a null in a non-null type, or a named type's
    /// wrong kind of value); the walk goes into lists and input objects.
    fileprivate mutating func checkValue(_ value: Value, type: TypeRef) throws(Aborted) {
        let index: Int
        switch type {
        case .nonNull:
            if case .null = value { try report("Expected value of type \"\(schema.describe(type))\", found null.", [value.offset]) }
            return
        case .list:
            return
        case .named(let named):
            index = named
        }
        // The type is read in place, never copied whole, and messages are built only to report:
        // a valid value costs no allocation (Benchmarks/NOTES.md, issue 43).
        var name: String { schema.types[index].name }
        switch schema.types[index].shape {
        case .inputObject:
            guard case .object(let fields, _) = value else {
                try report("Expected value of type \"\(name)\", found \(ValuePrinter.print(value)).", [value.offset])
                return
            }
            if schema.types[index].isOneOf {
                // graphql-js 16.9's rule for `@oneOf` inputs: one key, whose value is not null.
                if fields.count != 1 {
                    try report("OneOf Input Object \"\(name)\" must specify exactly one key.", [value.offset])
                } else if case .null = fields[0].value {
                    try report("Field \"\(name).\(fields[0].name.value)\" must be non-null.", [value.offset])
                }
            }
        case .enumeration(let values):
            guard case .enumValue(let given, _) = value else {
                let printed = ValuePrinter.print(value)
                let hint = Suggestions.didYouMean(Suggestions.list(printed, options: values.map(\.name)), subject: "the enum value")
                try report("Enum \"\(name)\" cannot represent non-enum value: \(printed).\(hint)", [value.offset])
                return
            }
            if !values.contains(where: { $0.name == given }) {
                let hint = Suggestions.didYouMean(Suggestions.list(given, options: values.map(\.name)), subject: "the enum value")
                try report("Value \"\(given)\" does not exist in \"\(name)\" enum.\(hint)", [value.offset])
            }
        case .scalar(.custom):
            // A custom scalar accepts any literal, as graphql-js's scalars built from SDL do.
            return
        case .scalar(let kind):
            if ValueCoercion.scalarFromLiteral(value, kind: kind) == nil { try report(Self.scalarMessage(value, kind: kind), [value.offset]) }
        case .object, .interface, .union:
            try report("Expected value of type \"\(name)\", found \(ValuePrinter.print(value)).", [value.offset])
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
        case .custom: return "Expected a value, found \(printed)."
        }
    }
}
