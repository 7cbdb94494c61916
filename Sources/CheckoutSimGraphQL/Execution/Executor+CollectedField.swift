extension Executor {
    /// One response key of an object, collected once per cached document (an `ExecutionPlan`)
    /// with what executing it needs copied out of its definition.
    ///
    /// A class so that walking a list of twenty objects passes one reference per field, not
    /// copies of its nodes, definition and arguments.
    final class CollectedField {
        let responseKey: String
        /// `"key":` as UTF-8, written once per object without escaping again: the definition's
        /// (`FieldDefinition.quotedKey`) when the key is the field's name, else this field's own.
        private let key: UnsafeBufferPointer<UInt8>
        /// Whether `key` is this field's own, to free with it (an alias, or `__typename`).
        private let ownsKey: Bool
        /// The first field node written under this key (errors point at it).
        let first: FieldID
        /// The other nodes merged under the same key; usually none.
        let more: [FieldID]
        /// Nil for `__typename`, which writes the parent type's name.
        let definition: FieldDefinition?
        /// The coerced arguments when they use no variables; nil when they must be coerced for
        /// each request, because the plan outlives one request's variables, and for a field that
        /// takes none.
        let fixedArguments: Result<JSONObject, CoercionFailure>?
        /// The fixed arguments that coerced, with their definitions, as a call carries them
        /// (`FieldCall.given`): handed over as they are for every object.
        let fixedGiven: (values: JSONObject, definitions: [InputValueDefinition])?
        /// A scalar or enum that is not a list: its key is not pushed on the path while it
        /// resolves, and an error adds it (most fields are these).
        let isPlainLeaf: Bool
        let isTypename: Bool
        // Copied from the definition, so the common leaf path touches only this object: which
        // kind of resolver the field has, and that kind's closure (the other four are shared
        // placeholders). Called straight from this object, no enum payload is copied, retained
        // and released per field (Benchmarks/NOTES.md, issue 43).
        let resolverKind: ResolverTag
        let resolveGeneral: FieldResolver
        let resolveString: @Sendable (FieldCall) throws -> String?
        let resolveUTF8: @Sendable (FieldCall, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void
        let resolveInt: @Sendable (FieldCall) throws -> Int?
        let resolveBool: @Sendable (FieldCall) throws -> Bool?
        /// Whether a `.utf8` field's text is copied unscanned (`UTF8Writable.isEscapeFree`).
        let utf8IsEscapeFree: Bool
        /// The `LeafTexts` slot a `.leaf` field writes.
        let leafSlot: Int
        /// Whether a `.leaf` field resolves as text (`resolveString`) for an object without texts.
        let leafFallsBack: Bool
        let type: TypeRef
        let namedType: Int
        let takesArguments: Bool
        /// A text resolver whose field is an enum: its value is checked against the enum.
        let writesEnum: Bool
        /// The object type when the field is one object (not a list), for the `.index` fast path.
        let objectType: Int?
        /// When this field opens a run of fields written from the row's kept texts: the run
        /// (`collectFields` sets it once the object's fields are collected).
        var leafRun: LeafRun?
        /// Whether the field is written from the row's kept texts as it is, so it may join a `LeafRun`.
        var joinsLeafRun: Bool { resolverKind == .leaf && !takesArguments }
        /// The deferred fragment that alone brings this field (`Deferral`); nil for a field written at once.
        var deferral: Deferral?
        /// The sub-fields collected for this field's object type, filled on first use.
        private var children: CollectedFields?
        /// For a field of an abstract type: the sub-fields collected for each object type its
        /// values were, as the type conditions inside differ by type.
        private var childrenByType: [(type: Int, fields: CollectedFields)] = []

        /// The sub-fields collected for values of the object type `type`, if collected already;
        /// unretained, as this field keeps them (an array copied out retained and released it
        /// for every object written).
        @inline(__always)
        func children(of type: Int) -> Unmanaged<CollectedFields>? {
            if type == namedType { return children.map(Unmanaged.passUnretained) }
            return childrenByType.first { $0.type == type }.map { Unmanaged.passUnretained($0.fields) }
        }

        /// Keeps the sub-fields collected for values of `type`, and returns them as `children(of:)` does.
        func keep(_ fields: [CollectedField], of type: Int) -> Unmanaged<CollectedFields> {
            let kept = CollectedFields(fields)
            if type == namedType {
                children = kept
            } else {
                childrenByType.append((type, kept))
            }
            return Unmanaged.passUnretained(kept)
        }

        init(_ group: FieldGroup, definition: FieldDefinition?, fixedArguments: Result<JSONObject, CoercionFailure>?, schema: Schema) {
            responseKey = group.key
            if let definition, group.key == definition.name {
                (key, ownsKey) = (UnsafeBufferPointer(definition.quotedKey), false)
            } else {
                (key, ownsKey) = (UnsafeBufferPointer(FieldDefinition.quote(group.key)), true)
            }
            first = group.first
            more = group.more
            self.definition = definition
            self.fixedArguments = fixedArguments
            // Only a field that takes arguments reads them (`executeField`).
            if let definition, !definition.arguments.isEmpty, case .success(let values)? = fixedArguments {
                fixedGiven = (values, definition.arguments)
            } else {
                fixedGiven = nil
            }
            isTypename = definition == nil
            var (general, string, utf8, int, bool) = (ResolverTag.noGeneral, ResolverTag.noString, ResolverTag.noUTF8, ResolverTag.noInt, ResolverTag.noBool)
            var slot = -1
            var fallsBack = false
            var writesEscapeFree = false
            switch definition?.resolver {
            case .general(let resolve)?: (resolverKind, general) = (.general, resolve)
            case .string(let resolve)?: (resolverKind, string) = (.string, resolve)
            case .utf8(let resolve, let escapeFree)?: (resolverKind, utf8, writesEscapeFree) = (.utf8, resolve, escapeFree)
            case .int(let resolve)?: (resolverKind, int) = (.int, resolve)
            case .bool(let resolve)?: (resolverKind, bool) = (.bool, resolve)
            case .leaf(let index, let fallback)?:
                (resolverKind, slot) = (.leaf, index)
                if let fallback { string = fallback }
                fallsBack = fallback != nil
            case nil: resolverKind = .none
            }
            (resolveGeneral, resolveString, resolveUTF8, resolveInt, resolveBool) = (general, string, utf8, int, bool)
            leafSlot = slot
            leafFallsBack = fallsBack
            utf8IsEscapeFree = writesEscapeFree
            type = definition?.type ?? .named(0)
            namedType = definition?.namedType ?? 0
            takesArguments = !(definition?.arguments.isEmpty ?? true)
            let kind = definition.map { schema.kinds[$0.namedType] }
            let isLeafType = kind == .scalar || kind == .enumeration
            if case .named = type.nullable { isPlainLeaf = isLeafType } else { isPlainLeaf = false }
            writesEnum = kind == .enumeration
            objectType = definition?.type.nullable.objectIndex(in: schema)
        }

        deinit {
            if ownsKey { key.deallocate() }
            leafRun?.deallocate()
        }

        var keyBytes: UnsafeBufferPointer<UInt8> { key }
    }
}

extension Executor {
    /// The fields collected for one object type under a field, in a box the executor borrows.
    final class CollectedFields {
        let fields: [CollectedField]

        init(_ fields: [CollectedField]) {
            self.fields = fields
        }
    }
}

/// Which kind of resolver a collected field calls (`Executor.CollectedField.resolverKind`).
enum ResolverTag {
    case general, string, utf8, int, bool, leaf
    /// No resolver: an error when the field is reached.
    case none

    static let noGeneral: FieldResolver = { _ in .null }
    static let noString: @Sendable (FieldCall) throws -> String? = { _ in nil }
    static let noUTF8: @Sendable (FieldCall, (UnsafeBufferPointer<UInt8>) -> Void) throws -> Void = { _, _ in }
    static let noInt: @Sendable (FieldCall) throws -> Int? = { _ in nil }
    static let noBool: @Sendable (FieldCall) throws -> Bool? = { _ in nil }
}
