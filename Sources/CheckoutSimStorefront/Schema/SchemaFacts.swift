import CheckoutSimGraphQL

/// What the dialect needs to know of the schema's types before the schema is built: each named
/// type's kind, an enum's first value and an abstract type's first possible type (the defaults
/// of docs/storefront.md#unmodeled-fields are made from them).
struct SchemaFacts: Sendable {
    enum Kind: Sendable, Equatable {
        case scalar, object, interface, union, enumeration, inputObject
    }

    private(set) var kinds: [String: Kind] = [:]
    private(set) var firstPossibleType: [String: String] = [:]
    /// Every named type the SDL declares, in its order.
    private(set) var typeNames: [String] = []
    /// The type of every object and interface field, by `Type.field`.
    private(set) var fieldTypes: [String: TypeNode] = [:]
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
                for field in fields { fieldTypes["\(name).\(field.name.value)"] = field.type }
                for interface in interfaces where firstPossibleType[interface.value] == nil { firstPossibleType[interface.value] = name }
            case .interface(_, let fields):
                kinds[name] = .interface
                for field in fields { fieldTypes["\(name).\(field.name.value)"] = field.type }
            case .union(let members):
                kinds[name] = .union
                if let first = members.first { firstPossibleType[name] = first.value }
            case .enumeration(let values):
                kinds[name] = .enumeration
                enumValues[name] = values.map(\.name.value)
            case .inputObject: kinds[name] = .inputObject
            }
        }
        for scalar in ["String", "Int", "Float", "Boolean", "ID"] { kinds[scalar] = .scalar }
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
