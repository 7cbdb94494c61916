/// A schema written in the GraphQL schema definition language, as parsed: the type-system
/// definitions `SchemaDefinitionBuilder` turns into a `Schema` (spec §3).
package struct SchemaDefinitions: Sendable {
    /// An argument, an input field, or a directive's argument.
    package struct InputValue: Sendable {
        package var name: Name
        package var description: String
        package var type: TypeNode
        /// The default as written, printed back as graphql-js prints it.
        package var defaultValue: String?
        package var deprecationReason: String?
    }

    /// A field of an object or interface type.
    package struct Field: Sendable {
        package var name: Name
        package var description: String
        package var arguments: [InputValue]
        package var type: TypeNode
        package var deprecationReason: String?
    }

    /// One value of an enum.
    package struct EnumValue: Sendable {
        package var name: Name
        package var description: String
        package var deprecationReason: String?
    }

    /// What a named type is made of.
    package enum Shape: Sendable {
        case scalar(specifiedByURL: String?)
        case object(interfaces: [Name], fields: [Field])
        case interface(interfaces: [Name], fields: [Field])
        case union(members: [Name])
        case enumeration([EnumValue])
        case inputObject(fields: [InputValue], isOneOf: Bool)
    }

    /// A named type.
    package struct TypeDefinition: Sendable {
        package var name: Name
        package var description: String
        package var shape: Shape
    }

    /// A directive definition: `directive @name(args) repeatable on A | B`.
    package struct Directive: Sendable {
        package var name: Name
        package var description: String
        package var arguments: [InputValue]
        package var isRepeatable: Bool
        package var locations: [DirectiveLocation]
    }

    package var types: [TypeDefinition] = []
    package var directives: [Directive] = []
    /// The root types a `schema { … }` names, by operation (`query`, `mutation`, `subscription`).
    package var roots: [(operation: String, type: Name)] = []
    package var description: String?
}

extension Parser {
    /// The limits a schema's text is read with: schemas are larger than operations (Shopify's
    /// Storefront schema is some 40,000 tokens), and are still bounded.
    package static let schemaLimits: ParseLimits = {
        var limits = ParseLimits()
        limits.maxBytes = 8 << 20
        limits.maxTokens = 2_000_000
        return limits
    }()

    /// Parses a document of type-system definitions. Extensions (`extend type …`) and executable
    /// definitions are refused with the place they start.
    package static func parseSchemaDefinitions(_ text: String, limits: ParseLimits = schemaLimits) throws(GraphQLError) -> SchemaDefinitions {
        let source = Array(text.utf8)
        if source.count > limits.maxBytes {
            throw GraphQLError("Syntax Error: Schema is \(source.count) bytes, more than the limit of \(limits.maxBytes).", code: .parseFailed)
        }
        var parser = try Parser(source: source, limits: limits)
        var definitions = SchemaDefinitions()
        while parser.token.kind != .endOfFile {
            try parser.parseSchemaDefinition(into: &definitions)
        }
        return definitions
    }

    private mutating func parseDescription() throws(GraphQLError) -> String {
        guard token.kind == .string || token.kind == .blockString else { return "" }
        let text = lexer.stringValue
        try advance()
        return text
    }

    private mutating func parseSchemaDefinition(into definitions: inout SchemaDefinitions) throws(GraphQLError) {
        let description = try parseDescription()
        guard token.kind == .name else { throw unexpected() }
        let keyword = text(of: token)
        let start = token.start
        try advance()
        switch keyword {
        case "schema":
            _ = try parseDirectiveUses()
            try expect(.braceL)
            while try !skip(.braceR) {
                let operation = try parseName()
                try expect(.colon)
                definitions.roots.append((operation.value, try parseName()))
            }
            definitions.description = description.isEmpty ? nil : description
        case "directive":
            try expect(.at)
            let name = try parseName()
            let arguments = try parseInputValues(.parenL, .parenR)
            let isRepeatable = isKeyword("repeatable")
            if isRepeatable { try advance() }
            try expectKeyword("on")
            _ = try skip(.pipe)
            var locations: [DirectiveLocation] = []
            repeat {
                let location = try parseName()
                guard let known = DirectiveLocation(rawValue: location.value) else {
                    throw lexer.error("Unexpected Name \"\(location.value)\".", at: location.offset)
                }
                locations.append(known)
            } while try skip(.pipe)
            definitions.directives.append(.init(
                name: name, description: description, arguments: arguments, isRepeatable: isRepeatable, locations: locations))
        case "scalar":
            let name = try parseName()
            let uses = try parseDirectiveUses()
            let url = uses.first { $0.name == "specifiedBy" }?.arguments["url"]
            definitions.types.append(.init(name: name, description: description, shape: .scalar(specifiedByURL: url)))
        case "type", "interface":
            let name = try parseName()
            var interfaces: [Name] = []
            if isKeyword("implements") {
                try advance()
                _ = try skip(.amp)
                repeat { interfaces.append(try parseName()) } while try skip(.amp)
            }
            _ = try parseDirectiveUses()
            let fields = try parseFields()
            let shape: SchemaDefinitions.Shape = keyword == "type"
                ? .object(interfaces: interfaces, fields: fields) : .interface(interfaces: interfaces, fields: fields)
            definitions.types.append(.init(name: name, description: description, shape: shape))
        case "union":
            let name = try parseName()
            _ = try parseDirectiveUses()
            var members: [Name] = []
            if try skip(.equals) {
                _ = try skip(.pipe)
                repeat { members.append(try parseName()) } while try skip(.pipe)
            }
            definitions.types.append(.init(name: name, description: description, shape: .union(members: members)))
        case "enum":
            let name = try parseName()
            _ = try parseDirectiveUses()
            var values: [SchemaDefinitions.EnumValue] = []
            if try skip(.braceL) {
                while try !skip(.braceR) {
                    let valueDescription = try parseDescription()
                    let value = try parseName()
                    let uses = try parseDirectiveUses()
                    values.append(.init(name: value, description: valueDescription, deprecationReason: Self.deprecation(in: uses)))
                }
            }
            definitions.types.append(.init(name: name, description: description, shape: .enumeration(values)))
        case "input":
            let name = try parseName()
            let uses = try parseDirectiveUses()
            let fields = try parseInputValues(.braceL, .braceR)
            definitions.types.append(.init(
                name: name, description: description, shape: .inputObject(fields: fields, isOneOf: uses.contains { $0.name == "oneOf" })))
        default:
            throw lexer.error("Unexpected Name \"\(keyword)\": expected a type-system definition (type, interface, union, enum, input, scalar, directive or schema).", at: start)
        }
    }

    private mutating func parseFields() throws(GraphQLError) -> [SchemaDefinitions.Field] {
        var fields: [SchemaDefinitions.Field] = []
        guard try skip(.braceL) else { return fields }
        while try !skip(.braceR) {
            let description = try parseDescription()
            let name = try parseName()
            let arguments = try parseInputValues(.parenL, .parenR)
            try expect(.colon)
            let type = try parseTypeReference()
            let uses = try parseDirectiveUses()
            fields.append(.init(
                name: name, description: description, arguments: arguments, type: type, deprecationReason: Self.deprecation(in: uses)))
        }
        return fields
    }

    /// Arguments in parentheses or input fields in braces; none when `open` is not next.
    private mutating func parseInputValues(_ open: TokenKind, _ close: TokenKind) throws(GraphQLError) -> [SchemaDefinitions.InputValue] {
        var values: [SchemaDefinitions.InputValue] = []
        guard try skip(open) else { return values }
        while try !skip(close) {
            let description = try parseDescription()
            let name = try parseName()
            try expect(.colon)
            let type = try parseTypeReference()
            var defaultValue: String?
            if try skip(.equals) { defaultValue = ValuePrinter.print(try parseValue(constant: true)) }
            let uses = try parseDirectiveUses()
            values.append(.init(
                name: name, description: description, type: type, defaultValue: defaultValue, deprecationReason: Self.deprecation(in: uses)))
        }
        return values
    }

    /// A directive used on a definition, with the string arguments the builder reads.
    private struct DirectiveUse {
        let name: String
        var arguments: [String: String] = [:]
    }

    private mutating func parseDirectiveUses() throws(GraphQLError) -> [DirectiveUse] {
        var uses: [DirectiveUse] = []
        while try skip(.at) {
            var use = DirectiveUse(name: try parseName().value)
            if try skip(.parenL) {
                while try !skip(.parenR) {
                    let name = try parseName()
                    try expect(.colon)
                    if case .string(let text, _, _) = try parseValue(constant: true) { use.arguments[name.value] = text }
                }
            }
            uses.append(use)
        }
        return uses
    }

    /// `@deprecated`'s reason, its default when none is given; nil without the directive.
    private static func deprecation(in uses: [DirectiveUse]) -> String? {
        uses.first { $0.name == "deprecated" }.map { $0.arguments["reason"] ?? "No longer supported" }
    }
}
