/// Executes a validated document against a schema, writing `data` straight into JSON bytes.
///
/// Null bubbling works on the byte buffer: when a non-null field turns out null, the nearest
/// nullable ancestor truncates what it wrote and writes `null` instead.
public struct Executor {
    enum Outcome { case value, null, failed }

    struct CollectedField {
        let responseKey: String
        let nodes: [Field]
        let definition: FieldDefinition?
        let arguments: Result<JSONObject, CoercionFailure>
    }

    struct CacheKey: Hashable {
        let offset: Int
        let type: Int
    }

    let schema: Schema
    let document: Document
    let variables: JSONObject
    let context: AnyObject?
    let maxErrors: Int
    var writer = JSONWriter(capacity: 4096)
    var errors: [GraphQLError] = []
    var collected: [CacheKey: [CollectedField]] = [:]
    var path: [PathComponent] = []

    /// Runs the operation; request-level problems (operation, variables) come back without data.
    public static func execute(
        schema: Schema, document: Document, operationName: String?, variables: JSONObject,
        context: AnyObject?, rootValue: Any = (), maxErrors: Int = 100
    ) -> GraphQLResponse {
        let operation: OperationDefinition
        switch selectOperation(in: document, named: operationName) {
        case .success(let found): operation = found
        case .failure(let error): return GraphQLResponse(errors: [error])
        }
        let coerced: JSONObject
        switch VariableCoercion.coerce(variables, for: operation, schema: schema, document: document) {
        case .success(let values): coerced = values
        case .failure(let failures): return GraphQLResponse(errors: failures.errors)
        }
        let rootType: Int
        switch operation.kind {
        case .query: rootType = schema.queryType
        case .mutation:
            guard let mutation = schema.mutationType else {
                return GraphQLResponse(errors: [
                    GraphQLError("Schema is not configured to execute mutation operation.",
                                 locations: [document.location(operation.offset)], code: .validationFailed)
                ])
            }
            rootType = mutation
        case .subscription:
            return GraphQLResponse(errors: [
                GraphQLError("Schema is not configured to execute subscription operation.",
                             locations: [document.location(operation.offset)], code: .validationFailed)
            ])
        }
        var executor = Executor(
            schema: schema, document: document, variables: coerced, context: context, maxErrors: maxErrors)
        let fields = executor.collectFields(type: rootType, selectionSets: [operation.selectionSet])
        if executor.completeObject(type: rootType, fields: fields, parent: rootValue) == .failed {
            executor.writer.bytes.removeAll(keepingCapacity: true)
            executor.writer.append("null")
        }
        return GraphQLResponse(data: executor.writer.bytes, errors: executor.errors)
    }

    static func selectOperation(in document: Document, named name: String?) -> Result<OperationDefinition, GraphQLError> {
        if let name {
            guard let found = document.operations.first(where: { $0.name?.value == name }) else {
                return .failure(GraphQLError("Unknown operation named \"\(name)\".", code: .operationResolutionFailure))
            }
            return .success(found)
        }
        guard let first = document.operations.first else {
            return .failure(GraphQLError("Must provide an operation.", code: .operationResolutionFailure))
        }
        if document.operations.count > 1 {
            return .failure(GraphQLError(
                "Must provide operation name if query contains multiple operations.", code: .operationResolutionFailure))
        }
        return .success(first)
    }

    // MARK: Completing values

    mutating func completeObject(type: Int, fields: [CollectedField], parent: Any) -> Outcome {
        let typeName = schema.types[type].name
        writer.bytes.append(UInt8(ascii: "{"))
        for (position, field) in fields.enumerated() {
            if position > 0 { writer.bytes.append(UInt8(ascii: ",")) }
            writer.writeString(field.responseKey)
            writer.bytes.append(UInt8(ascii: ":"))
            guard let definition = field.definition else {
                writer.writeString(typeName)
                continue
            }
            path.append(.key(field.responseKey))
            let outcome = executeField(field, definition: definition, parentType: typeName, parent: parent)
            path.removeLast()
            if outcome == .failed { return .failed }
        }
        writer.bytes.append(UInt8(ascii: "}"))
        return .value
    }

    private mutating func executeField(
        _ field: CollectedField, definition: FieldDefinition, parentType: String, parent: Any
    ) -> Outcome {
        let resolved: Resolved
        do {
            let arguments = try field.arguments.get()
            guard let resolver = definition.resolver else {
                throw FieldError("No resolver for \(parentType).\(definition.name).")
            }
            resolved = try resolver(FieldCall(parent: parent, arguments: arguments, context: context, schema: schema))
        } catch let failure as CoercionFailure {
            return fieldFailed(failure.message, code: .badUserInput, field: field, type: definition.type)
        } catch let failure as FieldError {
            return fieldFailed(failure.message, code: failure.code, field: field, type: definition.type)
        } catch {
            return fieldFailed("\(error)", code: .internalServerError, field: field, type: definition.type)
        }
        return complete(definition.type, resolved, field: field, parentType: parentType)
    }

    private mutating func fieldFailed(_ message: String, code: GraphQLError.Code, field: CollectedField, type: TypeRef) -> Outcome {
        record(message, code: code, field: field)
        if type.isNonNull { return .failed }
        writer.append("null")
        return .null
    }

    mutating func record(_ message: String, code: GraphQLError.Code, field: CollectedField) {
        guard errors.count < maxErrors else { return }
        errors.append(GraphQLError(message, locations: field.nodes.prefix(1).map { document.location($0.offset) },
                                   path: path, code: code))
    }

    private mutating func complete(_ type: TypeRef, _ resolved: Resolved, field: CollectedField, parentType: String) -> Outcome {
        if case .nonNull(let inner) = type {
            if case .null = resolved {
                record("Cannot return null for non-nullable field \(parentType).\(field.nodes[0].name.value).",
                       code: .internalServerError, field: field)
                return .failed
            }
            return complete(inner, resolved, field: field, parentType: parentType) == .value ? .value : .failed
        }
        if case .null = resolved {
            writer.append("null")
            return .null
        }
        let start = writer.bytes.count
        if completeNullable(type, resolved, field: field, parentType: parentType) == .failed {
            writer.bytes.removeSubrange(start...)
            writer.append("null")
            return .null
        }
        return .value
    }

    private mutating func completeNullable(_ type: TypeRef, _ resolved: Resolved, field: CollectedField, parentType: String) -> Outcome {
        switch (type, resolved) {
        case (.list(let inner), .list(let items)):
            writer.bytes.append(UInt8(ascii: "["))
            for (index, item) in items.enumerated() {
                if index > 0 { writer.bytes.append(UInt8(ascii: ",")) }
                path.append(.index(index))
                let outcome = complete(inner, item, field: field, parentType: parentType)
                path.removeLast()
                if outcome == .failed { return .failed }
            }
            writer.bytes.append(UInt8(ascii: "]"))
            return .value
        case (.list, _):
            record("Expected Iterable, but did not find one for field \"\(parentType).\(field.nodes[0].name.value)\".",
                   code: .internalServerError, field: field)
            return .failed
        case (.named(let index), .leaf(let value)):
            return serializeLeaf(value, type: schema.types[index], field: field)
        case (.named(let index), .object(let parent)):
            let named = schema.types[index]
            guard case .object = named.shape else {
                record("Expected a value of type \"\(named.name)\".", code: .internalServerError, field: field)
                return .failed
            }
            let fields = collectFields(type: index, selectionSets: field.nodes.compactMap(\.selectionSet))
            return completeObject(type: index, fields: fields, parent: parent)
        default:
            record("Expected a value of type \"\(schema.describe(type))\".", code: .internalServerError, field: field)
            return .failed
        }
    }

    private mutating func serializeLeaf(_ value: JSON, type: NamedType, field: CollectedField) -> Outcome {
        switch (type.shape, value) {
        case (.scalar(.int), .int(let number)):
            guard ValueCoercion.int32Range.contains(number) else {
                record("Int cannot represent non 32-bit signed integer value: \(number)", code: .internalServerError, field: field)
                return .failed
            }
            writer.writeInt(number)
        case (.scalar(.float), .int), (.scalar(.float), .double), (.scalar(.string), .string), (.scalar(.id), .string),
             (.scalar(.boolean), .bool):
            writer.write(value)
        case (.scalar(.id), .int(let number)):
            writer.writeString(String(number))
        case (.enumeration(let values), .string(let name)) where values.contains(where: { $0.name == name }):
            writer.writeString(name)
        default:
            record("\(type.name) cannot represent value: \(ValueCoercion.inspect(value))", code: .internalServerError, field: field)
            return .failed
        }
        return .value
    }
}
