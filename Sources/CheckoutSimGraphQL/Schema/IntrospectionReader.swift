/// Reads the answer to an introspection query (graphql-js's `getIntrospectionQuery`, as any
/// server or `__schema` dump gives it) into the same definitions SDL text parses to, so a schema
/// published only as introspection JSON is built by the same `SchemaDefinitionLoader.build`.
///
/// Introspection's own `__` types are left out (every schema has them); every problem is
/// reported at once, each with its JSON path.
extension SchemaDefinitionLoader {
    /// The most list and non-null wrappers a type reference may nest (graphql-js's query asks
    /// for seven levels; this allows more, and bounds the walk).
    static let maxTypeDepth = 32

    /// The definitions `introspection` describes: `{"data": {"__schema": …}}`, `{"__schema": …}`
    /// or the `__schema` object itself.
    package static func parse(introspection: JSON) throws(SchemaError) -> SchemaDefinitions {
        var reader = IntrospectionReader()
        let definitions = reader.read(introspection)
        guard reader.problems.isEmpty else { throw SchemaError(message: reader.problems.joined(separator: "\n")) }
        return definitions
    }
}

private struct IntrospectionReader {
    var problems: [String] = []

    mutating func read(_ json: JSON) -> SchemaDefinitions {
        var definitions = SchemaDefinitions()
        let (schema, path): (JSON?, String) =
            if let inData = json["data"]?["__schema"] { (inData, "data.__schema") }
            else if let top = json["__schema"] { (top, "__schema") }
            else { (json, "") }
        guard let schema, schema.objectValue != nil else {
            problems.append("expected an introspection result: {\"data\": {\"__schema\": …}}")
            return definitions
        }
        func at(_ key: String) -> String { path.isEmpty ? key : path + "." + key }
        definitions.description = schema["description"]?.stringValue
        for (operation, key) in [("query", "queryType"), ("mutation", "mutationType"), ("subscription", "subscriptionType")] {
            guard let root = schema[key], root != .null else { continue }
            if let name = name(root["name"], at(key) + ".name") { definitions.roots.append((operation, name)) }
        }
        if definitions.roots.first(where: { $0.operation == "query" }) == nil { problems.append("\(at("queryType")): expected the query type's name") }
        for (index, type) in list(schema["types"], at("types")).enumerated() {
            let place = at("types") + "[\(index)]"
            guard let name = name(type["name"], place + ".name"), !name.value.hasPrefix("__") else { continue }
            if let shape = shape(type, place) {
                definitions.types.append(SchemaDefinitions.TypeDefinition(name: name, description: text(type["description"]), shape: shape))
            }
        }
        for (index, directive) in list(schema["directives"], at("directives")).enumerated() {
            let place = at("directives") + "[\(index)]"
            guard let name = name(directive["name"], place + ".name") else { continue }
            let locations = list(directive["locations"], place + ".locations").enumerated().compactMap { offset, value -> DirectiveLocation? in
                guard let location = value.stringValue.flatMap(DirectiveLocation.init(rawValue:)) else {
                    problems.append("\(place).locations[\(offset)]: expected a directive location such as \"FIELD\"")
                    return nil
                }
                return location
            }
            definitions.directives.append(SchemaDefinitions.Directive(
                name: name, description: text(directive["description"]), arguments: inputValues(directive["args"], place + ".args"),
                isRepeatable: directive["isRepeatable"]?.boolValue ?? false, locations: locations))
        }
        return definitions
    }

    private mutating func shape(_ type: JSON, _ place: String) -> SchemaDefinitions.Shape? {
        switch type["kind"]?.stringValue {
        case "SCALAR": return .scalar(specifiedByURL: type["specifiedByURL"]?.stringValue)
        case "OBJECT": return .object(interfaces: names(type["interfaces"], place + ".interfaces"), fields: fields(type["fields"], place + ".fields"))
        case "INTERFACE": return .interface(interfaces: names(type["interfaces"], place + ".interfaces"), fields: fields(type["fields"], place + ".fields"))
        case "UNION": return .union(members: names(type["possibleTypes"], place + ".possibleTypes"))
        case "ENUM":
            return .enumeration(list(type["enumValues"], place + ".enumValues").enumerated().compactMap { index, value in
                name(value["name"], place + ".enumValues[\(index)].name").map {
                    SchemaDefinitions.EnumValue(name: $0, description: text(value["description"]), deprecationReason: deprecation(value))
                }
            })
        case "INPUT_OBJECT":
            return .inputObject(fields: inputValues(type["inputFields"], place + ".inputFields"), isOneOf: type["isOneOf"]?.boolValue ?? false)
        default:
            problems.append("\(place).kind: expected SCALAR, OBJECT, INTERFACE, UNION, ENUM or INPUT_OBJECT")
            return nil
        }
    }

    private mutating func fields(_ json: JSON?, _ place: String) -> [SchemaDefinitions.Field] {
        list(json, place).enumerated().compactMap { index, field in
            let at = place + "[\(index)]"
            guard let name = name(field["name"], at + ".name"), let type = typeReference(field["type"], at + ".type") else { return nil }
            return SchemaDefinitions.Field(
                name: name, description: text(field["description"]), arguments: inputValues(field["args"], at + ".args"), type: type,
                deprecationReason: deprecation(field))
        }
    }

    private mutating func inputValues(_ json: JSON?, _ place: String) -> [SchemaDefinitions.InputValue] {
        guard let json, json != .null else { return [] }
        return list(json, place).enumerated().compactMap { index, value in
            let at = place + "[\(index)]"
            guard let name = name(value["name"], at + ".name"), let type = typeReference(value["type"], at + ".type") else { return nil }
            return SchemaDefinitions.InputValue(
                name: name, description: text(value["description"]), type: type, defaultValue: value["defaultValue"]?.stringValue,
                deprecationReason: deprecation(value))
        }
    }

    /// `{kind: NON_NULL, ofType: {kind: LIST, ofType: {kind: OBJECT, name: "Product"}}}` as
    /// `[Product]!`, walked without recursion and at most `maxTypeDepth` wrappers deep.
    private mutating func typeReference(_ json: JSON?, _ place: String) -> TypeNode? {
        var wrappers: [String] = []
        var current = json
        while let reference = current, wrappers.count <= SchemaDefinitionLoader.maxTypeDepth {
            switch reference["kind"]?.stringValue {
            case "NON_NULL", "LIST":
                wrappers.append(reference["kind"]?.stringValue ?? "")
                current = reference["ofType"]
            default:
                guard let name = name(reference["name"], place + ".name") else { return nil }
                var node = TypeNode.named(name)
                for wrapper in wrappers.reversed() {
                    if wrapper == "LIST" { node = .list(node, offset: 0) }
                    else if case .nonNull = node { problems.append("\(place): a non-null type inside a non-null type"); return nil }
                    else { node = .nonNull(node, offset: 0) }
                }
                return node
            }
        }
        problems.append("\(place): expected a type reference (kind and name, or kind LIST or NON_NULL with ofType) at most \(SchemaDefinitionLoader.maxTypeDepth) wrappers deep")
        return nil
    }

    private mutating func names(_ json: JSON?, _ place: String) -> [Name] {
        guard let json, json != .null else { return [] }
        return list(json, place).enumerated().compactMap { name($1["name"], place + "[\($0)].name") }
    }

    private mutating func name(_ json: JSON?, _ place: String) -> Name? {
        guard let value = json?.stringValue, Lexer.isName(value) else {
            problems.append("\(place): expected a GraphQL name")
            return nil
        }
        return Name(value: value, offset: 0)
    }

    private mutating func list(_ json: JSON?, _ place: String) -> [JSON] {
        guard let items = json?.arrayValue else {
            problems.append("\(place): expected a list")
            return []
        }
        return items
    }

    private func text(_ json: JSON?) -> String { json?.stringValue ?? "" }

    private func deprecation(_ json: JSON) -> String? {
        json["isDeprecated"]?.boolValue == true ? (json["deprecationReason"]?.stringValue ?? "No longer supported") : nil
    }
}
