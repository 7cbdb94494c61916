/// Limits enforced while validating.
public struct ValidationLimits: Sendable {
    /// Validation stops after this many errors and says so.
    public var maxErrors = 100
    /// The most fields an operation may select after fragment expansion.
    public var maxFields = 5_000
    /// How deeply an operation may nest selection sets after fragment expansion (SPEC §4's
    /// nesting limit, applied where fragments can otherwise stack selections without end).
    public var maxDepth = 25

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
    /// Summaries of the first definition of each fragment name, by index into `document.fragments`.
    var fragmentSummaries: [Summary?]
    var fragments: FragmentGraph
    /// Scratch marks for `FragmentGraph.reachable`, one per fragment, and the last stamp used.
    var reachMarks: [Int]
    var reachStamp = 0

    init(schema: Schema, document: Document, limits: ValidationLimits) {
        self.schema = schema
        self.document = document
        self.limits = limits
        fragmentSummaries = Array(repeating: nil, count: document.fragments.count)
        fragments = FragmentGraph(document)
        reachMarks = Array(repeating: -1, count: document.fragments.count)
    }

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
        errors.append(GraphQLError(message, locations: SourceLocation.of(offsets: offsets, in: document.source), code: .validationFailed))
    }

    private mutating func run() throws(Aborted) {
        try checkDefinitionNames()
        for (index, fragment) in document.fragments.enumerated() {
            var summary = Summary()
            try checkFragmentDefinition(fragment, summary: &summary)
            if fragments.indexByName[fragment.name.value] == index { fragmentSummaries[index] = summary }
        }
        fragments.link { self.fragmentSummaries[$0]?.spreads.map(\.name) }
        for operation in document.operations {
            try checkOperation(operation)
        }
        try checkFragmentCycles()
        try checkUnusedFragments()
        try checkOverlaps()
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
        var definedByName: [String: Int] = [:]
        for definition in operation.variables {
            let name = definition.name.value
            if let first = definedByName[name] {
                try report(
                    "There can be only one variable named \"$\(name)\".", [defined[first].definition.name.offset, definition.name.offset])
            } else {
                definedByName[name] = defined.count
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
        try checkVariables(operation: operation, defined: defined, definedByName: definedByName, usages: usages)
    }

    /// The fragments reachable from `spreads`, each once, in first-reached order.
    mutating func reachableFragments(from spreads: [SpreadRef]) -> [Int] {
        reachStamp += 1
        return fragments.reachable(from: spreads.compactMap { fragments.indexByName[$0.name] }, mark: &reachMarks, stamp: reachStamp)
    }

    private mutating func checkVariables(
        operation: OperationDefinition, defined: [(definition: VariableDefinition, type: TypeRef?)],
        definedByName: [String: Int], usages: [VariableUsage]
    ) throws(Aborted) {
        let operationName = operation.name?.value
        var reportedUndefined: Set<String> = []
        var used: Set<String> = []
        for usage in usages {
            used.insert(usage.name)
            guard let position = definedByName[usage.name] else {
                guard reportedUndefined.insert(usage.name).inserted else { continue }
                let suffix = operationName.map { " by operation \"\($0)\"" } ?? ""
                try report("Variable \"$\(usage.name)\" is not defined\(suffix).", [usage.offset, operation.offset])
                continue
            }
            let match = defined[position]
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
        for (definition, _) in defined where !used.contains(definition.name.value) {
            let suffix = operationName.map { " in operation \"\($0)\"" } ?? ""
            try report("Variable \"$\(definition.name.value)\" is never used\(suffix).", [definition.offset])
        }
    }

    // MARK: Fragments

    private mutating func checkUnusedFragments() throws(Aborted) {
        var roots: [SpreadRef] = []
        for operation in document.operations {
            Self.collectSpreads(operation.selectionSet, into: &roots)
        }
        var used = [Bool](repeating: false, count: document.fragments.count)
        for fragment in reachableFragments(from: roots) { used[fragment] = true }
        for fragment in document.fragments {
            guard let index = fragments.indexByName[fragment.name.value], !used[index] else { continue }
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

    /// NoFragmentCycles: graphql-js's depth-first search, which reports each cycle once at its
    /// spreads, run with an explicit stack so a chain of thousands of fragments needs no recursion.
    private mutating func checkFragmentCycles() throws(Aborted) {
        let count = document.fragments.count
        var visited = [Bool](repeating: false, count: count)
        var pathIndex = [Int?](repeating: nil, count: count)
        var path: [SpreadRef] = []
        var stack: [(fragment: Int, next: Int)] = []
        var spreadsOf = [[SpreadRef]?](repeating: nil, count: count)
        for root in 0..<count where !visited[root] && fragments.indexByName[document.fragments[root].name.value] == root {
            visited[root] = true
            stack.append((root, 0))
            pathIndex[root] = 0
            while let top = stack.last {
                if spreadsOf[top.fragment] == nil { spreadsOf[top.fragment] = Self.spreadsInCycleOrder(document.fragments[top.fragment]) }
                let spreads = spreadsOf[top.fragment] ?? []
                guard top.next < spreads.count else {
                    pathIndex[top.fragment] = nil
                    stack.removeLast()
                    if !stack.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let spread = spreads[top.next]
                guard let target = fragments.indexByName[spread.name] else { continue }
                path.append(spread)
                if let start = pathIndex[target] {
                    let cycle = path[start...]
                    let via = cycle.dropLast().map { "\"\($0.name)\"" }.joined(separator: ", ")
                    try report(
                        "Cannot spread fragment \"\(spread.name)\" within itself" + (via.isEmpty ? "." : " via \(via)."),
                        cycle.map(\.offset))
                    path.removeLast()
                } else if !visited[target] {
                    visited[target] = true
                    pathIndex[target] = path.count
                    stack.append((target, 0))
                } else {
                    path.removeLast()
                }
            }
        }
    }

    /// The fragment's spreads in the order graphql-js's `getFragmentSpreads` lists them (its
    /// cycle messages come in that order): a set's own spreads, then the nested sets, last first.
    private static func spreadsInCycleOrder(_ fragment: FragmentDefinition) -> [SpreadRef] {
        var spreads: [SpreadRef] = []
        var pending = [fragment.selectionSet]
        while let set = pending.popLast() {
            for selection in set.selections {
                switch selection {
                case .fragmentSpread(let spread): spreads.append(SpreadRef(name: spread.name.value, offset: spread.offset))
                case .field(let field): if let nested = field.selectionSet { pending.append(nested) }
                case .inlineFragment(let inline): pending.append(inline.selectionSet)
                }
            }
        }
        return spreads
    }
}
