
/// Prints a schema as SDL, in the form graphql-js's `printSchema` produces.
///
/// Types appear in schema order; built-in scalars, introspection types and built-in directives
/// are left out. Descriptions are block strings, on their own lines when longer than 70 characters.
package enum SDLPrinter {
    /// The SDL of `schema`, ending with a newline.
    package static func print(_ schema: Schema) -> String {
        var blocks: [String] = []
        for type in schema.types where !schema.isBuiltIn(type) {
            blocks.append(printType(type, schema: schema))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    private static func printType(_ type: NamedType, schema: Schema) -> String {
        let description = printDescription(type.description, indentation: "", first: true)
        switch type.shape {
        case .scalar:
            return description + "scalar \(type.name)"
        case .object(let fields, _):
            let lines = fields.enumerated().map { index, field in
                printDescription(field.description, indentation: "  ", first: index == 0) + "  " + field.name
                    + printArguments(field.arguments, indentation: "  ", schema: schema) + ": " + schema.describe(field.type)
                    + printDeprecation(field.deprecationReason)
            }
            return description + "type \(type.name) {\n" + lines.joined(separator: "\n") + "\n}"
        case .enumeration(let values):
            let lines = values.enumerated().map { index, value in
                printDescription(value.description, indentation: "  ", first: index == 0) + "  " + value.name
                    + printDeprecation(value.deprecationReason)
            }
            return description + "enum \(type.name) {\n" + lines.joined(separator: "\n") + "\n}"
        case .inputObject(let fields):
            let lines = fields.enumerated().map { index, field in
                printDescription(field.description, indentation: "  ", first: index == 0) + "  "
                    + printInputValue(field, schema: schema)
            }
            return description + "input \(type.name) {\n" + lines.joined(separator: "\n") + "\n}"
        }
    }

    private static func printArguments(_ arguments: [InputValueDefinition], indentation: String, schema: Schema) -> String {
        guard !arguments.isEmpty else { return "" }
        if arguments.allSatisfy({ $0.description.isEmpty }) {
            return "(" + arguments.map { printInputValue($0, schema: schema) }.joined(separator: ", ") + ")"
        }
        let lines = arguments.enumerated().map { index, argument in
            printDescription(argument.description, indentation: "  " + indentation, first: index == 0) + "  " + indentation
                + printInputValue(argument, schema: schema)
        }
        return "(\n" + lines.joined(separator: "\n") + "\n\(indentation))"
    }

    private static func printInputValue(_ value: InputValueDefinition, schema: Schema) -> String {
        var text = "\(value.name): \(schema.describe(value.type))"
        if let defaultText = value.defaultValueText { text += " = \(defaultText)" }
        return text
    }

    private static func printDeprecation(_ reason: String?) -> String {
        guard let reason else { return "" }
        if reason == "No longer supported" { return " @deprecated" }
        return " @deprecated(reason: \(JSON.string(reason).serialized()))"
    }

    private static func printDescription(_ description: String, indentation: String, first: Bool) -> String {
        guard !description.isEmpty else { return "" }
        let prefix = !indentation.isEmpty && !first ? "\n" + indentation : indentation
        let block = blockString(description, preferMultipleLines: description.count > 70)
        return prefix + block.replacingOccurrences(of: "\n", with: "\n" + indentation) + "\n"
    }

    /// graphql-js's printBlockString for the descriptions the schema uses.
    static func blockString(_ value: String, preferMultipleLines: Bool) -> String {
        let escaped = value.replacingOccurrences(of: "\"\"\"", with: "\\\"\"\"")
        let isSingleLine = !value.contains("\n")
        let leadingSpace = value.hasPrefix(" ") || value.hasPrefix("\t")
        let multiple = !isSingleLine || value.hasSuffix("\"") || value.hasSuffix("\\") || preferMultipleLines
        var result = ""
        if multiple && !(isSingleLine && leadingSpace) { result += "\n" }
        result += escaped
        if multiple { result += "\n" }
        return "\"\"\"" + result + "\"\"\""
    }
}
