/// Request-level errors: the request cannot run, so the response has no `data`.
package struct RequestErrors: Error, Sendable {
    /// Every problem found, in document order.
    package let errors: [GraphQLError]
}

/// CoerceVariableValues (spec §6.1.2) with graphql-js's messages.
enum VariableCoercion {
    static func coerce(
        _ provided: JSONObject, for operation: OperationDefinition, schema: Schema, document: Document
    ) -> Result<JSONObject, RequestErrors> {
        var result = JSONObject()
        var errors: [GraphQLError] = []
        for definition in document[operation.variables] {
            let name = definition.name.value
            // Where the definition is, and its type's text, are worked out only for an error:
            // every request, cached or not, coerces its variables.
            func fail(_ message: String) {
                errors.append(GraphQLError(message, locations: [document.location(definition.offset)], code: .badUserInput))
            }
            guard let type = schema.typeRef(definition.type), schema.types[type.namedIndex].isInputType else {
                fail("Variable \"$\(name)\" expected value of type \"\(definition.type)\" which cannot be used as an input type.")
                continue
            }
            guard let value = provided[name] else {
                if let defaultValue = definition.defaultValue {
                    if let coerced = try? ValueCoercion.literal(defaultValue, type: type, variables: JSONObject(), schema: schema) {
                        result.append(name, coerced)
                    }
                } else if type.isNonNull {
                    fail("Variable \"$\(name)\" of required type \"\(schema.describe(type))\" was not provided.")
                }
                continue
            }
            if case .null = value, type.isNonNull {
                fail("Variable \"$\(name)\" of non-null type \"\(schema.describe(type))\" must not be null.")
                continue
            }
            do {
                result.append(name, try ValueCoercion.variable(value, type: type, schema: schema))
            } catch {
                var message = "Variable \"$\(name)\" got invalid value \(ValueCoercion.inspect(error.value))"
                if !error.path.isEmpty {
                    message += " at \"\(name)" + error.path.map { component in
                        switch component {
                        case .key(let key): ".\(key)"
                        case .index(let index): "[\(index)]"
                        }
                    }.joined() + "\""
                }
                fail(message + "; " + error.message)
            }
        }
        return errors.isEmpty ? .success(result) : .failure(RequestErrors(errors: errors))
    }
}
