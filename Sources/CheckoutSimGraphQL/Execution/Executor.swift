/// Executes a validated document against a schema, writing `data` straight into JSON bytes.
///
/// Null bubbling works on the byte buffer: when a non-null field turns out null, the nearest
/// nullable ancestor truncates what it wrote and writes `null` instead.
package struct Executor: ~Copyable {
    enum Outcome { case value, null, failed }

    let schema: Schema
    let document: Document
    let variables: JSONObject
    /// The request's context, or the one a `.withContext` value put in place for its subtree.
    var context: AnyObject?
    let maxErrors: Int
    var writer = JSONWriter(capacity: 4096)
    var errors: [GraphQLError] = []
    /// Where the value being written is: fields by their collected field, unretained (the plan
    /// keeps them alive while they run), made keys only when an error is recorded; a trivial
    /// element, so a step costs no reference counting (Benchmarks/NOTES.md, issue 41). Room for
    /// the usual depth at once.
    var path = PathStack(capacity: 16)
    /// Asked now and then while the request runs (`GraphQLEngine.execute`); nil: never stopped.
    var cancelled: CancellationCheck?
    /// `cancelled != nil`, as a plain flag: objects test it without touching the closure.
    var checksCancellation = false
    /// Objects completed since `cancelled` was last asked.
    var objectsSinceCheck = 0
    /// Set once `cancelled` answered true: every object stops at once.
    var wasCancelled = false
    /// What the root fields cost by the schema's rule, once priced.
    var cost = 0
    /// The root fields' arguments as the cost rule coerced them, by position (empty without a rule).
    var rootArguments: [Result<JSONObject, CoercionFailure>?] = []
    /// The next field's arguments when they are already coerced; taken by `executeField`.
    var coercedArguments: Result<JSONObject, CoercionFailure>?
    /// Whether the document uses `@defer`: only then are objects with deferred fields noted.
    var notesDeferrals = false
    /// The objects written with fields deferred fragments bring, in the order they were written.
    var deferredObjects: [DeferredObject] = []

    /// Runs the operation, taking its root fields from `plan` and keeping them there.
    /// Request-level problems (operation, variables) come back without data.
    static func run(
        schema: Schema, document: Document, operationName: String?, variables: JSONObject,
        context: AnyObject?, limits: RequestLimits, plan: ExecutionPlan?, cancelled: CancellationCheck?
    ) -> GraphQLResponse {
        let maxResponseBytes = limits.maxResponseBytes
        if let expected = schema.contextType, context.map({ ObjectIdentifier(type(of: $0)) }) != expected {
            return GraphQLResponse(errors: [GraphQLError(
                "The request's context is not the class the schema's resolvers were built for.", code: .internalServerError)])
        }
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
            schema: schema, document: document, variables: coerced, context: context, maxErrors: limits.validation.maxErrors)
        // The writer holds the whole response document: `{"data":` first, then the data, whose
        // bytes alone count against the limit.
        let dataStart = GraphQLResponse.dataPrefix.utf8CodeUnitCount
        executor.writer.append(GraphQLResponse.dataPrefix)
        executor.writer.limit = dataStart + maxResponseBytes
        executor.cancelled = cancelled
        executor.checksCancellation = cancelled != nil
        executor.notesDeferrals = document.usesDefer
        let fields: [CollectedField]
        if let plan, let known = plan.rootFields(for: operation.offset) {
            fields = known
        } else {
            fields = executor.collectFields(type: rootType, selectionSet: operation.selectionSet)
            plan?.keep(fields, for: operation.offset)
        }
        if let rule = schema.costRule, let refusal = executor.refusal(of: fields, type: rootType, by: rule, limits: limits) {
            return GraphQLResponse(errors: [refusal])
        }
        if executor.completeObject(type: rootType, fields: fields, parent: (), index: -1) == .failed {
            executor.writer.truncate(to: dataStart)
            executor.writer.append("null")
        }
        if executor.wasCancelled {
            return GraphQLResponse(errors: [GraphQLError("The request was stopped: its client went away.", code: .requestCancelled)])
        }
        // Errors are few (`maxErrors`) but may quote long inputs, so the whole response is measured.
        let dataBytes = executor.writer.count - dataStart
        if executor.writer.overflowed || dataBytes + GraphQLResponse.errorsByteCount(executor.errors) > maxResponseBytes {
            return GraphQLResponse(errors: [GraphQLError(
                "The response is larger than the limit of \(maxResponseBytes) bytes; select fewer fields or items.",
                code: .responseTooLarge)])
        }
        var response = GraphQLResponse(writer: &executor.writer, dataStart: dataStart, errors: executor.errors)
        response.cost = executor.cost
        response.deferredObjects = executor.deferredObjects
        return response
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

    mutating func completeObject<Parent>(type: Int, fields: [CollectedField], parent: Parent, index: Int) -> Outcome {
        // Past the response limit every object and list stops at once, whatever null bubbling
        // does above; an object's own leaves are few (the field limit), so one check per object does.
        if writer.overflowed { return .failed }
        writer.append(byte: UInt8(ascii: "{"))
        var call = FieldCall(parent: parent, integer: index, context: context, schema: schema)
        // The reader is called borrowed (`Schema.rowReading`): copied out of the table, its
        // closure's context was retained and released for every object.
        guard let reading = schema.rowReading[type] else { return completeFields(type: type, fields: fields, call: &call) }
        // A failing reader leaves `row` nil and its error for each field to report.
        var read: ObjectRow
        do {
            read = try reading._withUnsafeGuaranteedRef { try $0.read(call) }
        } catch {
            call.rowFailure = error
            return completeFields(type: type, fields: fields, call: &call)
        }
        // The call holds the row (moved, not copied) while the fields read it unretained.
        call.row = read.row
        call.rowOwner = read.owner.take()
        call.leaves = read.leaves
        return completeFields(type: type, fields: fields, call: &call)
    }

    /// Writes an object's fields, `call` holding its row, and closes it.
    @inline(__always)
    private mutating func completeFields(type: Int, fields: [CollectedField], call: inout FieldCall) -> Outcome {
        let atRoot = path.isEmpty
        if !atRoot, checksCancellation, shouldStop(atRoot: false) { return .failed }
        if notesDeferrals { noteDeferredFields(fields) }
        var first = true
        var position = 0
        var place = fields.startIndex
        while place < fields.endIndex {
            defer { place += 1 }
            // Runs of fields written from kept texts go in one loop each (`LeafRun`), from the
            // texts' memory, read through `call`, which holds it; not at the root, whose fields
            // are priced and checked for cancellation one by one.
            if !atRoot, let leaves = call.leaves, let run = Unmanaged.passUnretained(fields[place])._withUnsafeGuaranteedRef({ $0.leafRun }) {
                run.write(from: leaves, opensObject: first, to: &writer)
                first = false
                place += run.count - 1
                continue
            }
            if !first { writer.append(byte: UInt8(ascii: ",")) }
            if atRoot {
                if !first, checksCancellation, shouldStop(atRoot: true) { return .failed }
                // The root fields' arguments were coerced once already, to cost the request.
                if !rootArguments.isEmpty { coercedArguments = rootArguments[position] }
                position += 1
            }
            first = false
            // The plan keeps every collected field alive while it runs: borrowed, not retained
            // and released once per field of every object (Benchmarks/NOTES.md, issue 43).
            let outcome = Unmanaged.passUnretained(fields[place])._withUnsafeGuaranteedRef { field in
                writeField(field, parentType: type, call: &call)
            }
            if outcome == .failed { return .failed }
        }
        writer.append(byte: UInt8(ascii: "}"))
        return .value
    }

    /// Writes one field's key and value.
    @inline(__always)
    private mutating func writeField(_ field: CollectedField, parentType type: Int, call: inout FieldCall) -> Outcome {
        writer.append(field.keyBytes)
        if field.isTypename {
            writer.append(schema.quotedNames[type])
            return .value
        }
        if field.isPlainLeaf { return executeField(field, parentType: type, call: &call) }
        path.push(.field(Unmanaged.passUnretained(field)))
        defer { path.pop() }
        return executeField(field, parentType: type, call: &call)
    }

    /// Resolves and writes one field; the typed leaf cases read only what the plan copied onto
    /// `field`, and the definition is consulted for the rest and for errors.
    private mutating func executeField(_ field: CollectedField, parentType: Int, call: inout FieldCall) -> Outcome {
        let start = writer.count
        do {
            if field.takesArguments {
                if coercedArguments == nil, let given = field.fixedGiven {
                    call.given = given
                } else {
                    let coerced = coercedArguments ?? arguments(of: field)
                    coercedArguments = nil
                    // The definitions that give the arguments' defaults, handed over: no lookup per call.
                    call.given = (try coerced.get(), field.definition?.arguments ?? [])
                }
            } else if call.given != nil {
                call.given = nil
            }
            switch field.resolverKind {
            case .string:
                return try writeText(field, parentType: parentType, call: call)
            case .utf8:
                var written = false
                let escapeFree = field.utf8IsEscapeFree
                try field.resolveUTF8(call) { bytes in
                    guard !written else { return }
                    written = true
                    if escapeFree { writer.writeString(escapeFree: bytes) } else { writer.writeString(utf8: bytes) }
                }
                guard written else { return leafNull(field, parentType: parentType) }
            case .leaf:
                guard let leaves = call.leaves else {
                    // A schema read from SDL has rows for some objects only; the others resolve.
                    guard field.leafFallsBack, call.rowFailure == nil else { throw call.rowFailure ?? FieldError.missingRow }
                    return try writeText(field, parentType: parentType, call: call)
                }
                leaves.write(field.leafSlot, to: &writer)
            case .int:
                guard let number = try field.resolveInt(call) else { return leafNull(field, parentType: parentType) }
                guard ValueCoercion.int32Range.contains(number) else {
                    return fieldFailed("Int cannot represent non 32-bit signed integer value: \(number)", code: .internalServerError,
                                       field: field, type: field.type)
                }
                writer.writeInt(number)
            case .bool:
                guard let flag = try field.resolveBool(call) else { return leafNull(field, parentType: parentType) }
                writer.writeBool(flag)
            case .general:
                let resolved = try field.resolveGeneral(call)
                if case .integer(let position) = resolved, let objectType = field.objectType {
                    return completeRow(objectType, position: position, nonNull: field.type.isNonNull, field: field)
                }
                return complete(field.type, resolved, field: field, parentType: parentType)
            case .none:
                throw FieldError("No resolver for \(schema.types[parentType].name).\(document[field.first].name.value).")
            }
            return .value
        } catch {
            // A resolver that wrote part of its value before throwing leaves nothing behind.
            writer.truncate(to: start)
            switch error {
            case let failure as CoercionFailure:
                return fieldFailed(failure.message, code: .badUserInput, field: field, type: field.type)
            case let failure as FieldError where failure.isNoValue:
                return complete(field.type, .null, field: field, parentType: parentType)
            case let failure as FieldError:
                return fieldFailed(failure.message, code: failure.code, field: field, type: field.type)
            default:
                return fieldFailed("\(error)", code: .internalServerError, field: field, type: field.type)
            }
        }
    }

    /// Resolves and writes a text field (`String`, `ID`, an enum).
    @inline(__always)
    private mutating func writeText(_ field: CollectedField, parentType: Int, call: FieldCall) throws -> Outcome {
        guard let text = try field.resolveString(call) else { return leafNull(field, parentType: parentType) }
        if field.writesEnum { return serializeLeaf(.string(text), typeIndex: field.namedType, field: field) }
        writer.writeString(text)
        return .value
    }

    /// A typed leaf resolver returned nil: null, or a null-bubbling error for a non-null field.
    private mutating func leafNull(_ field: CollectedField, parentType: Int) -> Outcome {
        complete(field.type, .null, field: field, parentType: parentType)
    }

    private mutating func fieldFailed(_ message: String, code: GraphQLError.Code, field: CollectedField, type: TypeRef) -> Outcome {
        record(message, code: code, field: field)
        if type.isNonNull { return .failed }
        writer.append("null")
        return .null
    }

    mutating func record(_ message: String, code: GraphQLError.Code, field: CollectedField) {
        guard errors.count < maxErrors else { return }
        errors.append(GraphQLError(message, locations: [document.location(document[field.first].offset)],
                                   path: path.components + (field.isPlainLeaf ? [.key(field.responseKey)] : []), code: code))
    }

    private mutating func complete(_ type: TypeRef, _ resolved: Resolved, field: CollectedField, parentType: Int) -> Outcome {
        if case .withContext(let scoped, let inner) = resolved {
            let outer = context
            context = scoped
            defer { context = outer }
            return complete(type, inner, field: field, parentType: parentType)
        }
        let isNull: Bool
        if case .null = resolved { isNull = true } else { isNull = false }
        if case .nonNull(let inner) = type {
            if isNull {
                record("Cannot return null for non-nullable field \(schema.types[parentType].name).\(document[field.first].name.value).",
                       code: .internalServerError, field: field)
                return .failed
            }
            return complete(inner, resolved, field: field, parentType: parentType) == .value ? .value : .failed
        }
        if isNull {
            writer.append("null")
            return .null
        }
        let start = writer.count
        if completeNullable(type, resolved, field: field, parentType: parentType) == .failed {
            writer.truncate(to: start)
            writer.append("null")
            return .null
        }
        return .value
    }

    private mutating func completeNullable(_ type: TypeRef, _ resolved: Resolved, field: CollectedField, parentType: Int) -> Outcome {
        switch type {
        case .list(let inner):
            guard case .list(let items) = resolved else {
                record("Expected Iterable, but did not find one for field \"\(schema.types[parentType].name).\(document[field.first].name.value)\".",
                       code: .internalServerError, field: field)
                return .failed
            }
            writer.append(byte: UInt8(ascii: "["))
            let rowType = inner.nullable.objectIndex(in: schema)
            for index in items.indices {
                if writer.overflowed { return .failed }
                if index > 0 { writer.append(byte: UInt8(ascii: ",")) }
                path.push(.index(index))
                let outcome: Outcome
                if let rowType, case .integer(let position) = items[index] {
                    outcome = completeRow(rowType, position: position, nonNull: inner.isNonNull, field: field)
                } else {
                    outcome = complete(inner, items[index], field: field, parentType: parentType)
                }
                path.pop()
                if outcome == .failed { return .failed }
            }
            writer.append(byte: UInt8(ascii: "]"))
            return .value
        case .named(let index):
            switch resolved {
            case .leaf(let value): return serializeLeaf(value, typeIndex: index, field: field)
            case .integer(let position): return completeChild(index, parent: (), position: position, field: field)
            case .object(let parent): return completeChild(index, parent: parent, position: -1, field: field)
            case .typed(let concrete, let inner):
                guard schema.types.indices.contains(concrete), schema.kinds[concrete] == .object, schema.isPossible(concrete, of: index) else {
                    let name = schema.types.indices.contains(concrete) ? schema.types[concrete].name : "#\(concrete)"
                    record("Runtime Object type \"\(name)\" is not a possible type for \"\(schema.types[index].name)\".",
                           code: .internalServerError, field: field)
                    return .failed
                }
                switch inner {
                case .integer(let position): return completeChild(concrete, parent: (), position: position, field: field)
                case .object(let parent): return completeChild(concrete, parent: parent, position: -1, field: field)
                default: break
                }
            case .null, .list, .withContext: break
            }
        case .nonNull:
            break
        }
        record("Expected a value of type \"\(schema.describe(type))\".", code: .internalServerError, field: field)
        return .failed
    }

    /// `complete` for the common case of an object resolved as `.index`: the object, or null in
    /// its place when it fails and may be null.
    private mutating func completeRow(_ type: Int, position: Int, nonNull: Bool, field: CollectedField) -> Outcome {
        let start = writer.count
        guard completeChild(type, parent: (), position: position, field: field) == .failed else { return .value }
        if nonNull { return .failed }
        writer.truncate(to: start)
        writer.append("null")
        return .null
    }

    @inline(__always)
    private mutating func completeChild<Parent>(_ index: Int, parent: Parent, position: Int, field: CollectedField) -> Outcome {
        guard schema.kinds[index] == .object else {
            let name = schema.types[index].name
            let message = schema.types[index].isAbstract
                ? "Abstract type \"\(name)\" must resolve to an Object type at runtime for field \"\(document[field.first].name.value)\"; its resolver must answer `.typed`."
                : "Expected a value of type \"\(name)\"."
            record(message, code: .internalServerError, field: field)
            return .failed
        }
        // Borrowed: `field` keeps the box of its sub-fields for the plan's life (an array copied
        // out of it was retained and released for every object).
        let kept = field.children(of: index)
            ?? field.keep(collectFields(type: index, under: field), of: index)
        return kept._withUnsafeGuaranteedRef { completeObject(type: index, fields: $0.fields, parent: parent, index: position) }
    }
}
