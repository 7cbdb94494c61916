/// Why a value could not be coerced, with the path inside the value where it failed.
package struct CoercionFailure: Error, Sendable {
    /// What was wrong, in graphql-js's wording.
    package let message: String
    /// The part of the input that was rejected.
    package let value: JSON
    /// Where inside the value it failed (object fields and list indexes).
    package let path: [PathComponent]
}

/// Input coercion (GraphQL spec §3.5, §5.6.1, §6.1.2): variables from JSON and literals from documents.
///
/// Coerced values are JSON: `Int` as `.int`, `Float` as `.double`, `ID` and enum values as `.string`,
/// input objects as objects in the type's field order, lists as arrays.
package enum ValueCoercion {
    static let int32Range = Int(Int32.min)...Int(Int32.max)

    // MARK: Variables (JSON input)

    /// Coerces a JSON variable value to `type`.
    package static func variable(_ value: JSON, type: TypeRef, schema: Schema, path: [PathComponent] = []) throws(CoercionFailure) -> JSON {
        switch type {
        case .nonNull(let inner):
            if case .null = value {
                throw CoercionFailure(message: "Expected non-nullable type \"\(schema.describe(type))\" not to be null.", value: value, path: path)
            }
            return try variable(value, type: inner, schema: schema, path: path)
        case .list(let inner):
            if case .null = value { return .null }
            guard case .array(let items) = value else {
                return .array([try variable(value, type: inner, schema: schema, path: path)])
            }
            var coerced: [JSON] = []
            coerced.reserveCapacity(items.count)
            for (index, item) in items.enumerated() {
                coerced.append(try variable(item, type: inner, schema: schema, path: path + [.index(index)]))
            }
            return .array(coerced)
        case .named(let index):
            if case .null = value { return .null }
            let named = schema.types[index]
            switch named.shape {
            case .scalar(let kind):
                return try scalarFromJSON(value, kind: kind, path: path)
            case .enumeration(let values):
                guard case .string(let name) = value else {
                    throw CoercionFailure(message: "Enum \"\(named.name)\" cannot represent non-string value: \(inspect(value)).", value: value, path: path)
                }
                guard values.contains(where: { $0.name == name }) else {
                    let hint = Suggestions.didYouMean(Suggestions.list(name, options: values.map(\.name)), subject: "the enum value")
                    throw CoercionFailure(message: "Value \"\(name)\" does not exist in \"\(named.name)\" enum.\(hint)", value: value, path: path)
                }
                return value
            case .inputObject(let fields):
                guard case .object(let object) = value else {
                    throw CoercionFailure(message: "Expected type \"\(named.name)\" to be an object.", value: value, path: path)
                }
                var result = JSONObject()
                for field in fields {
                    if let provided = object[field.name] {
                        result.append(field.name, try variable(provided, type: field.type, schema: schema, path: path + [.key(field.name)]))
                    } else if let defaultValue = field.defaultValue {
                        result.append(field.name, defaultValue)
                    } else if field.type.isNonNull {
                        throw CoercionFailure(
                            message: "Field \"\(field.name)\" of required type \"\(schema.describe(field.type))\" was not provided.",
                            value: value, path: path)
                    }
                }
                for key in object.keys where !fields.contains(where: { $0.name == key }) {
                    let hint = Suggestions.didYouMean(Suggestions.list(key, options: fields.map(\.name)))
                    throw CoercionFailure(message: "Field \"\(key)\" is not defined by type \"\(named.name)\".\(hint)", value: value, path: path)
                }
                return .object(result)
            case .object, .interface, .union:
                throw CoercionFailure(message: "\"\(named.name)\" is not an input type.", value: value, path: path)
            }
        }
    }

    private static func scalarFromJSON(_ value: JSON, kind: ScalarKind, path: [PathComponent]) throws(CoercionFailure) -> JSON {
        switch kind {
        case .int:
            var integer: Int?
            if case .int(let number) = value { integer = number }
            if case .double(let number) = value, number == number.rounded(), abs(number) < 1e15 { integer = Int(number) }
            guard let integer else {
                throw CoercionFailure(message: "Int cannot represent non-integer value: \(inspect(value))", value: value, path: path)
            }
            guard int32Range.contains(integer) else {
                throw CoercionFailure(message: "Int cannot represent non 32-bit signed integer value: \(inspect(value))", value: value, path: path)
            }
            return .int(integer)
        case .float:
            switch value {
            case .int(let number): return .double(Double(number))
            case .double: return value
            default: throw CoercionFailure(message: "Float cannot represent non numeric value: \(inspect(value))", value: value, path: path)
            }
        case .string:
            guard case .string = value else {
                throw CoercionFailure(message: "String cannot represent a non string value: \(inspect(value))", value: value, path: path)
            }
            return value
        case .boolean:
            guard case .bool = value else {
                throw CoercionFailure(message: "Boolean cannot represent a non boolean value: \(inspect(value))", value: value, path: path)
            }
            return value
        case .id:
            switch value {
            case .string: return value
            case .int(let number): return .string(String(number))
            default: throw CoercionFailure(message: "ID cannot represent value: \(inspect(value))", value: value, path: path)
            }
        case .custom:
            return value
        }
    }

    // MARK: Literals (document values)

    /// Coerces a literal; nil means "absent" (a variable that was not provided).
    ///
    /// Validation has already checked literals, so a failure here names only what went wrong.
    package static func literal(_ value: Value, type: TypeRef, variables: JSONObject, schema: Schema) throws(CoercionFailure) -> JSON? {
        if case .variable(let name) = value {
            guard let provided = variables[name.value] else { return nil }
            if case .null = provided, type.isNonNull {
                throw CoercionFailure(message: "Expected non-nullable type \"\(schema.describe(type))\" not to be null.", value: .null, path: [])
            }
            return provided
        }
        switch type {
        case .nonNull(let inner):
            if case .null = value { throw literalFailure(value, type: type, schema: schema) }
            guard let coerced = try literal(value, type: inner, variables: variables, schema: schema) else {
                throw literalFailure(value, type: type, schema: schema)
            }
            return coerced
        case .list(let inner):
            if case .null = value { return .null }
            guard case .list(let items, _) = value else {
                return try literal(value, type: inner, variables: variables, schema: schema).map { .array([$0]) }
            }
            var coerced: [JSON] = []
            for item in items {
                if let element = try literal(item, type: inner, variables: variables, schema: schema) {
                    coerced.append(element)
                } else if case .variable = item, !inner.isNonNull {
                    // An absent variable inside a list stands for null, as in graphql-js.
                    coerced.append(.null)
                } else {
                    throw literalFailure(item, type: inner, schema: schema)
                }
            }
            return .array(coerced)
        case .named(let index):
            if case .null = value { return .null }
            let named = schema.types[index]
            switch named.shape {
            case .scalar(.custom):
                return untyped(value, variables: variables)
            case .scalar(let kind):
                guard let scalar = scalarFromLiteral(value, kind: kind) else { throw literalFailure(value, type: type, schema: schema) }
                return scalar
            case .enumeration(let values):
                guard case .enumValue(let name, _) = value, values.contains(where: { $0.name == name }) else {
                    throw literalFailure(value, type: type, schema: schema)
                }
                return .string(name)
            case .inputObject(let fields):
                guard case .object(let provided, _) = value else { throw literalFailure(value, type: type, schema: schema) }
                var result = JSONObject()
                for field in fields {
                    let given = provided.first { $0.name.value == field.name }
                    if let given, let coerced = try literal(given.value, type: field.type, variables: variables, schema: schema) {
                        result.append(field.name, coerced)
                    } else if let defaultValue = field.defaultValue {
                        result.append(field.name, defaultValue)
                    } else if field.type.isNonNull {
                        throw CoercionFailure(
                            message: "Field \"\(field.name)\" of required type \"\(schema.describe(field.type))\" was not provided.",
                            value: .null, path: [])
                    }
                }
                return .object(result)
            case .object, .interface, .union:
                throw literalFailure(value, type: type, schema: schema)
            }
        }
    }

    private static func literalFailure(_ value: Value, type: TypeRef, schema: Schema) -> CoercionFailure {
        CoercionFailure(message: "Expected value of type \"\(schema.describe(type))\", found \(ValuePrinter.print(value)).", value: .null, path: [])
    }

    /// A built-in scalar from a literal, or nil when the literal cannot represent it.
    static func scalarFromLiteral(_ value: Value, kind: ScalarKind) -> JSON? {
        switch (kind, value) {
        case (.int, .int(let text, _)):
            guard let number = Int(text), int32Range.contains(number) else { return nil }
            return .int(number)
        case (.float, .int(let text, _)), (.float, .float(let text, _)):
            guard let number = Double(text), number.isFinite else { return nil }
            return .double(number)
        case (.string, .string(let text, _, _)):
            return .string(text)
        case (.boolean, .boolean(let flag, _)):
            return .bool(flag)
        case (.id, .string(let text, _, _)), (.id, .int(let text, _)):
            return .string(text)
        default:
            return nil
        }
    }

    /// A literal as JSON whatever its type, variables replaced by their values (null when absent):
    /// what a custom scalar receives, as graphql-js's `valueFromASTUntyped` gives it.
    static func untyped(_ value: Value, variables: JSONObject) -> JSON {
        switch value {
        case .variable(let name): variables[name.value] ?? .null
        case .null: .null
        case .int(let text, _): Int(text).map(JSON.int) ?? Double(text).map(JSON.double) ?? .string(text)
        case .float(let text, _): Double(text).map(JSON.double) ?? .string(text)
        case .string(let text, _, _), .enumValue(let text, _): .string(text)
        case .boolean(let flag, _): .bool(flag)
        case .list(let items, _): .array(items.map { untyped($0, variables: variables) })
        case .object(let fields, _):
            .object(JSONObject(fields.map { ($0.name.value, untyped($0.value, variables: variables)) }))
        }
    }

    /// A JSON value the way graphql-js's `inspect` shows it inside messages.
    package static func inspect(_ value: JSON) -> String {
        switch value {
        case .null: return "null"
        case .bool(let flag): return flag ? "true" : "false"
        case .int, .double, .string: return value.serialized()
        case .array(let items): return items.isEmpty ? "[]" : "[" + items.map(inspect).joined(separator: ", ") + "]"
        case .object(let object):
            if object.isEmpty { return "{}" }
            return "{ " + object.members.map { "\($0.0): \(inspect($0.1))" }.joined(separator: ", ") + " }"
        }
    }
}
