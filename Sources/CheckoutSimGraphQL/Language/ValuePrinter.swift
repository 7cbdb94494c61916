/// Prints AST values as GraphQL source, the way graphql-js's `print` does inside messages.
package enum ValuePrinter {
    /// `value` as GraphQL source: `{a: [1, "x"]}`.
    package static func print(_ value: Value) -> String {
        switch value {
        case .variable(let name): return "$" + name.value
        case .int(let text, _), .float(let text, _): return text
        case .string(let text, _, _): return JSON.string(text).serialized()
        case .boolean(let flag, _): return flag ? "true" : "false"
        case .null: return "null"
        case .enumValue(let name, _): return name
        case .list(let items, _): return "[" + items.map(print).joined(separator: ", ") + "]"
        case .object(let fields, _):
            if fields.isEmpty { return "{}" }
            return "{ " + fields.map { "\($0.name.value): \(print($0.value))" }.joined(separator: ", ") + " }"
        }
    }
}
