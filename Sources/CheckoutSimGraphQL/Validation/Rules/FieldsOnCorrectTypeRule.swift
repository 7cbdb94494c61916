extension ValidationRule {
    /// FieldsOnCorrectTypeRule (spec §5.3.1): a field is selected only on a type that defines it.
    /// On an interface or union, the hint names the possible types that have the field, as
    /// graphql-js suggests an inline fragment; otherwise it names similar fields.
    static let fieldsOnCorrectType = ValidationRule(name: "FieldsOnCorrectTypeRule", field: { validator, node throws(Validator.Aborted) in
        guard let parent = node.parent, node.namedType == nil else { return }
        let name = validator.document[node.id].name.value
        guard name != "__typename" else { return }
        let schema = validator.schema
        let type = schema.types[parent]
        let types = suggestedTypes(for: name, on: parent, in: schema)
        let hint = types.isEmpty
            ? Suggestions.didYouMean(Suggestions.list(name, options: type.fields.map(\.name)))
            : Suggestions.didYouMean(types, subject: "to use an inline fragment on")
        try validator.report("Cannot query field \"\(name)\" on type \"\(type.name)\".\(hint)", [node.offset])
    })

    /// graphql-js's getSuggestedTypeNames: the possible types of an abstract parent that define
    /// the field, and their interfaces that do, the most used first, an interface before the types
    /// implementing it, then by name.
    private static func suggestedTypes(for field: String, on parent: Int, in schema: Schema) -> [String] {
        guard schema.types[parent].isAbstract else { return [] }
        var order: [Int] = []
        var usage: [Int: Int] = [:]
        for possible in schema.possibleTypes[parent] where schema.types[possible].field(named: field) != nil {
            if usage[possible] == nil { order.append(possible) }
            usage[possible] = 1
            for interface in schema.types[possible].interfaces where schema.types[interface].field(named: field) != nil {
                if usage[interface] == nil { order.append(interface) }
                usage[interface, default: 0] += 1
            }
        }
        func implements(_ a: Int, _ b: Int) -> Bool {
            schema.kinds[a] == .interface && schema.isPossible(b, of: a)
        }
        return order.sorted { a, b in
            let difference = usage[b, default: 0] - usage[a, default: 0]
            if difference != 0 { return difference < 0 }
            if implements(a, b) { return true }
            if implements(b, a) { return false }
            return Suggestions.naturalOrder(schema.types[a].name, schema.types[b].name)
        }.map { schema.types[$0].name }
    }
}
