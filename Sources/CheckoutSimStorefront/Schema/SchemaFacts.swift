import CheckoutSimGraphQL

/// What the dialect needs to know of the schema's types before the schema is built: each named
/// type's kind, an enum's first value and an abstract type's possible types (the defaults of
/// docs/storefront.md#unmodeled-fields are made from them), and each field's type and arguments
/// (the modeled fields are checked against them: `ObjectFields`).
struct SchemaFacts: Sendable {
    enum Kind: Sendable, Equatable {
        case scalar, object, interface, union, enumeration, inputObject
    }

    private(set) var kinds: [String: Kind] = [:]
    /// Each interface's implementations and each union's members, in the SDL's order.
    private(set) var possibleTypes: [String: [String]] = [:]
    /// Every named type the SDL declares, in its order.
    private(set) var typeNames: [String] = []
    /// The type of every object and interface field, by `Type.field`.
    private(set) var fieldTypes: [String: TypeNode] = [:]
    /// The arguments of every object and interface field, by `Type.field`: name and type.
    private(set) var fieldArguments: [String: [(name: String, type: TypeNode)]] = [:]
    /// Each enum's values, in their order.
    private(set) var enumValues: [String: [String]] = [:]

    init(_ definitions: SchemaDefinitions) {
        for type in definitions.types {
            let name = type.name.value
            typeNames.append(name)
            switch type.shape {
            case .scalar: kinds[name] = .scalar
            case .object(let interfaces, let fields):
                kinds[name] = .object
                add(fields, of: name)
                for interface in interfaces { possibleTypes[interface.value, default: []].append(name) }
            case .interface(_, let fields):
                kinds[name] = .interface
                add(fields, of: name)
            case .union(let members):
                kinds[name] = .union
                possibleTypes[name] = members.map(\.value)
            case .enumeration(let values):
                kinds[name] = .enumeration
                enumValues[name] = values.map(\.name.value)
            case .inputObject: kinds[name] = .inputObject
            }
        }
        for scalar in ["String", "Int", "Float", "Boolean", "ID"] { kinds[scalar] = .scalar }
    }

    private mutating func add(_ fields: [SchemaDefinitions.Field], of type: String) {
        for field in fields {
            let key = "\(type).\(field.name.value)"
            fieldTypes[key] = field.type
            fieldArguments[key] = field.arguments.map { ($0.name.value, $0.type) }
        }
    }

    /// Whether `type` has a field `field`.
    func has(_ type: String, _ field: String) -> Bool {
        fieldTypes["\(type).\(field)"] != nil
    }

    /// The first value of the enum `name`.
    func firstEnumValue(_ name: String) -> String? {
        enumValues[name]?.first
    }
}
