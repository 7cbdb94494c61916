/// VariablesAreInputTypesRule (spec §5.8.2): variables have scalar, enum or input object types.
extension Validator {
    /// The variable's type, or nil after reporting it as unknown (KnownTypeNamesRule) or not an input type.
    mutating func inputType(of definition: VariableDefinition) throws(Aborted) -> TypeRef? {
        let named = definition.type.namedType
        guard let index = schema.typeIndex[named.value] else {
            try reportUnknownType(named)
            return nil
        }
        if schema.types[index].isInputType { return schema.typeRef(definition.type) }
        try report(
            "Variable \"$\(definition.name.value)\" cannot be non-input type \"\(definition.type)\".", [definition.type.offset])
        return nil
    }
}
