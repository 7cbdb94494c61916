/// Limits enforced while validating.
public struct ValidationLimits: Sendable {
    /// Validation stops after this many errors and says so.
    public var maxErrors = 100
    /// The most fields an operation may select after fragment expansion.
    public var maxFields = 5_000

    /// The default limits.
    public init() {}
}

/// The executable-definition validation rules of the GraphQL spec (§5), worded as graphql-js words them.
///
/// One walk over each definition checks fields, arguments, directives, values and fragment
/// spreads; document-wide rules (names, cycles, unused and undefined variables) run on summaries
/// gathered by that walk, so no fragment is walked more than once.
public struct Validator {
    struct VariableUsage {
        let name: String
        let offset: Int
        let expected: TypeRef?
        let locationHasDefault: Bool
    }

    /// A fragment spread: the fragment's name and where the spread starts.
    public struct SpreadRef: Sendable {
        /// The fragment's name.
        public let name: String
        /// Where the spread is, as a byte offset.
        public let offset: Int
    }

    struct Summary {
        var usages: [VariableUsage] = []
        var spreads: [SpreadRef] = []
    }

    struct Aborted: Error {}

    let schema: Schema
    let document: Document
    let limits: ValidationLimits
    var errors: [GraphQLError] = []
    var fragmentSummaries: [String: Summary] = [:]
    let overlapMemo = OverlapMemo()

    /// Every rule of the GraphQL spec's §5 over `document`; errors in document order, graphql-js's wording.
    public static func validate(_ document: Document, schema: Schema, limits: ValidationLimits = ValidationLimits()) -> [GraphQLError] {
        var validator = Validator(schema: schema, document: document, limits: limits)
        do {
            try validator.run()
        } catch {
            validator.errors.append(GraphQLError(
                "Too many validation errors, error limit reached. Validation aborted.", code: .validationFailed))
        }
        return validator.errors
    }

    mutating func report(_ message: String, _ offsets: [Int]) throws(Aborted) {
        if errors.count >= limits.maxErrors { throw Aborted() }
        errors.append(GraphQLError(message, locations: offsets.map(document.location), code: .validationFailed))
    }

    private mutating func run() throws(Aborted) {
        try checkDefinitionNames()
        for fragment in document.fragments {
            var summary = Summary()
            try checkFragmentDefinition(fragment, summary: &summary)
            if fragmentSummaries[fragment.name.value] == nil { fragmentSummaries[fragment.name.value] = summary }
        }
        for operation in document.operations {
            try checkOperation(operation)
        }
        try checkFragmentCycles()
        try checkUnusedFragments()
        if try checkFieldCount() {
            for operation in document.operations {
                try checkOverlaps(in: [operation.selectionSet], type: operationType(operation))
            }
            for fragment in document.fragments {
                try checkOverlaps(in: [fragment.selectionSet], type: schema.typeIndex[fragment.typeCondition.value])
            }
        }
    }

    func operationType(_ operation: OperationDefinition) -> Int? {
        switch operation.kind {
        case .query: schema.queryType
        case .mutation: schema.mutationType
        case .subscription: nil
        }
    }

    // MARK: Names

    private mutating func checkDefinitionNames() throws(Aborted) {
        var seenOperations: [String: Int] = [:]
        for operation in document.operations {
            if operation.name == nil, document.operations.count > 1 {
                try report("This anonymous operation must be the only defined operation.", [operation.offset])
            }
            guard let name = operation.name else { continue }
            if let first = seenOperations[name.value] {
                try report("There can be only one operation named \"\(name.value)\".", [first, name.offset])
            } else {
                seenOperations[name.value] = name.offset
            }
        }
        var seenFragments: [String: Int] = [:]
        for fragment in document.fragments {
            let name = fragment.name
            if let first = seenFragments[name.value] {
                try report("There can be only one fragment named \"\(name.value)\".", [first, name.offset])
            } else {
                seenFragments[name.value] = name.offset
            }
        }
    }

    // MARK: Definitions

    private mutating func checkFragmentDefinition(_ fragment: FragmentDefinition, summary: inout Summary) throws(Aborted) {
        let condition = fragment.typeCondition
        var type: Int?
        if let index = schema.typeIndex[condition.value] {
            if case .object = schema.types[index].shape {
                type = index
            } else {
                try report(
                    "Fragment \"\(fragment.name.value)\" cannot condition on non composite type \"\(condition.value)\".",
                    [condition.offset])
            }
        } else {
            try reportUnknownType(condition)
        }
        try checkDirectives(fragment.directives, location: "FRAGMENT_DEFINITION", summary: &summary)
        try checkSelectionSet(fragment.selectionSet, parent: type, summary: &summary)
    }

    mutating func reportUnknownType(_ name: Name) throws(Aborted) {
        let candidates = schema.types.map(\.name)
        try report(
            "Unknown type \"\(name.value)\"." + Suggestions.didYouMean(Suggestions.list(name.value, options: candidates)),
            [name.offset])
    }

    private mutating func checkOperation(_ operation: OperationDefinition) throws(Aborted) {
        if operation.kind == .subscription {
            try report("Schema is not configured to execute subscription operation.", [operation.offset])
        }
        var summary = Summary()
        var defined: [(definition: VariableDefinition, type: TypeRef?)] = []
        for definition in operation.variables {
            let name = definition.name.value
            if defined.contains(where: { $0.definition.name.value == name }) {
                let first = defined.first { $0.definition.name.value == name }?.definition.name.offset ?? definition.offset
                try report("There can be only one variable named \"$\(name)\".", [first, definition.name.offset])
            }
            var type: TypeRef?
            let named = definition.type.namedType
            if let index = schema.typeIndex[named.value] {
                if schema.types[index].isInputType {
                    type = schema.typeRef(definition.type)
                } else {
                    try report("Variable \"$\(name)\" cannot be non-input type \"\(definition.type)\".", [definition.type.offset])
                }
            } else {
                try reportUnknownType(named)
            }
            if let defaultValue = definition.defaultValue, let type {
                var ignored = Summary()
                try checkValue(defaultValue, type: type, summary: &ignored)
            }
            try checkDirectives(definition.directives, location: "VARIABLE_DEFINITION", summary: &summary)
            defined.append((definition, type))
        }
        try checkDirectives(
            operation.directives, location: operation.kind == .mutation ? "MUTATION" : operation.kind == .query ? "QUERY" : "SUBSCRIPTION",
            summary: &summary)
        try checkSelectionSet(operation.selectionSet, parent: operationType(operation), summary: &summary)

        let usages = summary.usages + reachableFragments(from: summary.spreads).flatMap { fragmentSummaries[$0]?.usages ?? [] }
        try checkVariables(operation: operation, defined: defined, usages: usages)
    }

    /// Names of the fragments reachable from `spreads`, each once, in first-reached order.
    func reachableFragments(from spreads: [SpreadRef]) -> [String] {
        var reached: [String] = []
        var pending = spreads.map(\.name)
        while let name = pending.first {
            pending.removeFirst()
            guard !reached.contains(name), let summary = fragmentSummaries[name] else { continue }
            reached.append(name)
            pending += summary.spreads.map(\.name)
        }
        return reached
    }

    private mutating func checkVariables(
        operation: OperationDefinition, defined: [(definition: VariableDefinition, type: TypeRef?)], usages: [VariableUsage]
    ) throws(Aborted) {
        let operationName = operation.name?.value
        var reportedUndefined: [String] = []
        for usage in usages {
            guard let match = defined.first(where: { $0.definition.name.value == usage.name }) else {
                guard !reportedUndefined.contains(usage.name) else { continue }
                reportedUndefined.append(usage.name)
                let suffix = operationName.map { " by operation \"\($0)\"" } ?? ""
                try report("Variable \"$\(usage.name)\" is not defined\(suffix).", [usage.offset, operation.offset])
                continue
            }
            guard let variableType = match.type, let expected = usage.expected else { continue }
            var effective = variableType
            if case .nonNull = expected, !variableType.isNonNull {
                let hasDefault: Bool
                if let defaultValue = match.definition.defaultValue, case .null = defaultValue { hasDefault = false } else {
                    hasDefault = match.definition.defaultValue != nil
                }
                if hasDefault || usage.locationHasDefault { continue }
                effective = variableType
            }
            if !schema.isSubtype(effective, of: expected) {
                try report(
                    "Variable \"$\(usage.name)\" of type \"\(schema.describe(variableType))\" used in position expecting type \"\(schema.describe(expected))\".",
                    [match.definition.offset, usage.offset])
            }
        }
        for (definition, _) in defined where !usages.contains(where: { $0.name == definition.name.value }) {
            let suffix = operationName.map { " in operation \"\($0)\"" } ?? ""
            try report("Variable \"$\(definition.name.value)\" is never used\(suffix).", [definition.offset])
        }
    }

    // MARK: Fragments

    private mutating func checkUnusedFragments() throws(Aborted) {
        var used: [String] = []
        for operation in document.operations {
            var summary = Summary()
            Self.collectSpreads(operation.selectionSet, into: &summary.spreads)
            used += reachableFragments(from: summary.spreads)
        }
        for fragment in document.fragments where !used.contains(fragment.name.value) {
            try report("Fragment \"\(fragment.name.value)\" is never used.", [fragment.offset])
        }
    }

    /// The spreads in `selectionSet` and its nested selections, not following fragments.
    public static func collectSpreads(_ selectionSet: SelectionSet, into spreads: inout [SpreadRef]) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                if let nested = field.selectionSet { collectSpreads(nested, into: &spreads) }
            case .fragmentSpread(let spread): spreads.append(SpreadRef(name: spread.name.value, offset: spread.offset))
            case .inlineFragment(let inline): collectSpreads(inline.selectionSet, into: &spreads)
            }
        }
    }

    /// NoFragmentCycles: a depth-first search that reports each cycle once, at its spreads.
    private mutating func checkFragmentCycles() throws(Aborted) {
        var visited: Set<String> = []
        for fragment in document.fragments {
            var path: [SpreadRef] = []
            var pathIndex: [String: Int] = [:]
            try detectCycles(from: fragment.name.value, visited: &visited, path: &path, pathIndex: &pathIndex)
        }
    }

    private mutating func detectCycles(
        from name: String, visited: inout Set<String>, path: inout [SpreadRef], pathIndex: inout [String: Int]
    ) throws(Aborted) {
        guard !visited.contains(name) else { return }
        visited.insert(name)
        guard let spreads = fragmentSummaries[name]?.spreads, !spreads.isEmpty else { return }
        pathIndex[name] = path.count
        for spread in spreads {
            path.append(spread)
            if let start = pathIndex[spread.name] {
                let cycle = path[start...]
                let via = cycle.dropLast().map { "\"\($0.name)\"" }.joined(separator: ", ")
                try report(
                    "Cannot spread fragment \"\(spread.name)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                    cycle.map(\.offset))
            } else if fragmentSummaries[spread.name] != nil {
                try detectCycles(from: spread.name, visited: &visited, path: &path, pathIndex: &pathIndex)
            }
            path.removeLast()
        }
        pathIndex[name] = nil
    }
}
