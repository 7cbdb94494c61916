extension Executor {
    /// Writes a scalar or enum value a general resolver returned, checked against its type as
    /// graphql-js serializes it; a value the type cannot represent is a field error.
    mutating func serializeLeaf(_ value: JSON, typeIndex: Int, field: CollectedField) -> Outcome {
        let accepted: Bool
        switch (schema.scalarKinds[typeIndex], value) {
        case (.int?, .int(let number)):
            accepted = ValueCoercion.int32Range.contains(number)
            if accepted { writer.writeInt(number) }
            if !accepted {
                record("Int cannot represent non 32-bit signed integer value: \(number)", code: .internalServerError, field: field)
                return .failed
            }
        case (.string?, .string(let text)), (.id?, .string(let text)):
            accepted = true
            writer.writeString(text)
        case (.boolean?, .bool(let flag)):
            accepted = true
            writer.writeBool(flag)
        case (.float?, .int), (.float?, .double):
            accepted = true
            writer.write(value)
        case (.id?, .int(let number)):
            accepted = true
            writer.writeString(String(number))
        case (.custom?, _):
            accepted = true
            writer.write(value)
        case (nil, .string(let name)):
            accepted = schema.enumValueNames[typeIndex].contains(name)
            if accepted { writer.writeString(name) }
        default:
            accepted = false
        }
        guard accepted else {
            record("\(schema.types[typeIndex].name) cannot represent value: \(ValueCoercion.inspect(value))", code: .internalServerError, field: field)
            return .failed
        }
        return .value
    }
}
