
/// Prints a schema as SDL, in the form graphql-js's `printSchema` produces.
///
/// Types appear in schema order; built-in scalars, introspection types and built-in directives
/// are left out. Descriptions are block strings, on their own lines when longer than 70 characters.
package enum SDLPrinter {
    /// The SDL of `schema`, ending with a newline.
    package static func print(_ schema: Schema) -> String {
        var blocks: [String] = []
        if let definition = printSchemaDefinition(schema) { blocks.append(definition) }
        for directive in schema.directives where !specifiedDirectives.contains(directive.name) {
            blocks.append(printDescription(directive.description, indentation: "", first: true) + "directive @" + directive.name
                + printArguments(directive.arguments, indentation: "", schema: schema) + (directive.isRepeatable ? " repeatable" : "")
                + " on " + directive.locations.map(\.rawValue).joined(separator: " | "))
        }
        for type in schema.types where !schema.isBuiltIn(type) {
            blocks.append(printType(type, schema: schema))
        }
        return blocks.joined(separator: "\n\n") + "\n"
    }

    /// The directives graphql-js leaves out of printed SDL, as every schema has them.
    static let specifiedDirectives: Set<String> = ["include", "skip", "deprecated", "specifiedBy", "oneOf"]

    /// `schema { … }`, printed only when a root type is not named as convention names it.
    private static func printSchemaDefinition(_ schema: Schema) -> String? {
        let query = schema.types[schema.queryType].name
        let mutation = schema.mutationType.map { schema.types[$0].name }
        guard query != "Query" || (mutation != nil && mutation != "Mutation") || schema.description != nil else { return nil }
        var lines = ["  query: \(query)"]
        if let mutation { lines.append("  mutation: \(mutation)") }
        return printDescription(schema.description ?? "", indentation: "", first: true) + "schema {\n" + lines.joined(separator: "\n") + "\n}"
    }

    private static func printType(_ type: NamedType, schema: Schema) -> String {
        let description = printDescription(type.description, indentation: "", first: true)
        switch type.shape {
        case .scalar:
            let specified = type.specifiedByURL.map { " @specifiedBy(url: \(JSON.string($0).serialized()))" } ?? ""
            return description + "scalar \(type.name)" + specified
        case .object(let fields, _):
            return description + "type \(type.name)" + printInterfaces(type, schema: schema) + printFields(fields, schema: schema)
        case .interface(let fields, _):
            return description + "interface \(type.name)" + printInterfaces(type, schema: schema) + printFields(fields, schema: schema)
        case .union(let members):
            let list = members.isEmpty ? "" : " = " + members.map { schema.types[$0].name }.joined(separator: " | ")
            return description + "union \(type.name)" + list
        case .enumeration(let values):
            let lines = values.enumerated().map { index, value in
                printDescription(value.description, indentation: "  ", first: index == 0) + "  " + value.name
                    + printDeprecation(value.deprecationReason)
            }
            return description + "enum \(type.name)" + printBlock(lines)
        case .inputObject(let fields):
            let lines = fields.enumerated().map { index, field in
                printDescription(field.description, indentation: "  ", first: index == 0) + "  "
                    + printInputValue(field, schema: schema)
            }
            return description + "input \(type.name)" + (type.isOneOf ? " @oneOf" : "") + printBlock(lines)
        }
    }

    private static func printInterfaces(_ type: NamedType, schema: Schema) -> String {
        type.interfaces.isEmpty ? "" : " implements " + type.interfaces.map { schema.types[$0].name }.joined(separator: " & ")
    }

    private static func printFields(_ fields: [FieldDefinition], schema: Schema) -> String {
        printBlock(fields.enumerated().map { index, field in
            printDescription(field.description, indentation: "  ", first: index == 0) + "  " + field.name
                + printArguments(field.arguments, indentation: "  ", schema: schema) + ": " + schema.describe(field.type)
                + printDeprecation(field.deprecationReason)
        })
    }

    private static func printBlock(_ lines: [String]) -> String {
        lines.isEmpty ? "" : " {\n" + lines.joined(separator: "\n") + "\n}"
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
        return text + printDeprecation(value.deprecationReason)
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
