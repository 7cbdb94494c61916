/// Limits enforced while validating.
public struct ValidationLimits: Sendable {
    /// Validation stops after this many errors and says so.
    public var maxErrors = 100
    /// The most fields an operation may select after fragment expansion.
    public var maxFields = 5_000
    /// How deeply an operation may nest selection sets after fragment expansion (docs/limits.md's
    /// nesting limit, applied where fragments can otherwise stack selections without end).
    public var maxDepth = 25

    /// The default limits.
    public init() {}
}

/// The executable-definition validation rules of the GraphQL spec (§5), worded as graphql-js words them.
///
/// One walk over each definition (here, `Validator+Walk.swift` and `Validator+Values.swift`) visits
/// every node once and calls the rules that check there, in the order `ValidationRule.specified`
/// lists them; each rule is a `ValidationRule` value in `Rules/`, in a file named after graphql-js's
/// rule. Document-wide rules (cycles, unused fragments, overlapping fields) run on summaries
/// gathered by the walk, so no fragment is walked more than once.
package struct Validator {
    struct VariableUsage {
        /// The variable's name, with the lexer's hash: the operation's definitions are found by it
        /// without hashing the text again.
        let name: Name
        let offset: Int
        let expected: TypeRef?
        let locationHasDefault: Bool
    }

    /// A fragment spread: the fragment's name and where the spread starts.
    package struct SpreadRef: Sendable {
        /// The fragment's name.
        package let name: String
        /// Where the spread is, as a byte offset.
        package let offset: Int
    }

    /// The spreads in `selectionSet` and its nested selections, not following fragments.
    package static func collectSpreads(_ selectionSet: SelectionSet, in document: Document, into spreads: inout [SpreadRef]) {
        for selection in document[selectionSet] {
            switch selection {
            case .field(let id):
                if let nested = document[id].selectionSet { collectSpreads(nested, in: document, into: &spreads) }
            case .fragmentSpread(let id):
                let spread = document[id]
                spreads.append(SpreadRef(name: spread.name.value, offset: spread.offset))
            case .inlineFragment(let id): collectSpreads(document[id].selectionSet, in: document, into: &spreads)
            }
        }
    }

    struct Summary {
        var usages: [VariableUsage] = []
    }

    struct Aborted: Error {}

    let schema: Schema
    let document: Document
    let limits: ValidationLimits
    var errors: [GraphQLError] = []
    /// Summaries of the first definition of each fragment name, by index into `document.fragments`.
    var fragmentSummaries: [Summary?]
    /// Whether any fragment's summary holds a variable usage.
    private var fragmentsUseVariables = false
    var fragments: FragmentGraph
    /// Scratch marks for `FragmentGraph.reachable`, one per fragment, and the last stamp used.
    var reachMarks: [Int]
    var reachStamp = 0
    /// The map of an operation's variables by name, emptied and kept for the next operation, so
    /// it is allocated once per document, not once per operation (Benchmarks/NOTES.md, issue 43).
    private var variablesByName = NameMap()

    init(schema: Schema, document: Document, limits: ValidationLimits) {
        self.schema = schema
        self.document = document
        self.limits = limits
        fragmentSummaries = Array(repeating: nil, count: document.fragments.count)
        fragments = FragmentGraph(document)
        reachMarks = Array(repeating: -1, count: document.fragments.count)
    }

    /// Every rule of the GraphQL spec's §5 over `document`; errors in document order, graphql-js's wording.
    package static func validate(_ document: Document, schema: Schema, limits: ValidationLimits = ValidationLimits()) -> [GraphQLError] {
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

    /// The rules' hooks, sorted by where they check.
    let hooks = RuleHooks.specified

    private mutating func run() throws(Aborted) {
        for rule in hooks.document { try rule.document?(&self, ()) }
        try walkNames()
        for rule in hooks.fragments { try rule.fragments?(&self, ()) }
        for (index, fragment) in document.fragments.enumerated() {
            var summary = Summary()
            try walkFragmentDefinition(fragment, summary: &summary)
            if fragments.indexByName[name: fragment.name] == index {
                fragmentsUseVariables = fragmentsUseVariables || !summary.usages.isEmpty
                fragmentSummaries[index] = summary
            }
        }
        for (index, operation) in document.operations.enumerated() {
            try walkOperation(operation, index: index)
        }
        for rule in hooks.leaveDocument { try rule.leaveDocument?(&self, ()) }
    }

    func operationType(_ operation: OperationDefinition) -> Int? {
        switch operation.kind {
        case .query: schema.queryType
        case .mutation: schema.mutationType
        case .subscription: nil
        }
    }

    // MARK: The walk over definitions

    /// The names of the operations, then of the fragments.
    private mutating func walkNames() throws(Aborted) {
        // By position, each definition read in place: copying one retained its names.
        var seenOperations = NameMap()
        let operations = document.operations
        for index in operations.indices {
            let name = operations[index].name
            let first = name.flatMap { name in seenOperations.recordFirst(name, name.offset) }
            let node = NameNode(offset: operations[index].offset, name: name, firstOffset: first)
            try hooks.operationName.run { rule throws(Aborted) in try rule.operationName?(&self, node) }
        }
        var seenFragments = NameMap()
        let fragments = document.fragments
        for index in fragments.indices {
            let name = fragments[index].name
            let node = NameNode(offset: fragments[index].offset, name: name, firstOffset: seenFragments.recordFirst(name, name.offset))
            try hooks.fragmentName.run { rule throws(Aborted) in try rule.fragmentName?(&self, node) }
        }
    }

    private mutating func walkFragmentDefinition(_ fragment: FragmentDefinition, summary: inout Summary) throws(Aborted) {
        let type = try walkTypeCondition(fragment.typeCondition, fragment: fragment.name.value)
        try walkDirectives(fragment.directives, location: .fragmentDefinition, summary: &summary)
        try walkSelectionSet(fragment.selectionSet, parent: type, summary: &summary)
    }

    /// The object type `condition` names, or nil (unknown, or not an object type).
    mutating func walkTypeCondition(_ condition: Name, fragment: String?) throws(Aborted) -> Int? {
        let type = schema.typeIndex(of: condition)
        let node = TypeConditionNode(condition: condition, fragment: fragment, type: type)
        try hooks.typeCondition.run { rule throws(Aborted) in try rule.typeCondition?(&self, node) }
        guard let type, case .object = schema.types[type].shape else { return nil }
        return type
    }

    private mutating func walkOperation(_ operation: OperationDefinition, index: Int) throws(Aborted) {
        try hooks.operation.run { rule throws(Aborted) in try rule.operation?(&self, operation) }
        var summary = Summary()
        // The definitions are read in place from the document's list: copying one retained its
        // name, type and default (Benchmarks/NOTES.md, issue 43). A slice keeps the document's
        // indices; positions count from the operation's first definition.
        let variables = document[operation.variables]
        let base = variables.startIndex
        var types: [TypeRef?] = []
        types.reserveCapacity(variables.count)
        var definedByName = NameMap()
        swap(&definedByName, &variablesByName)
        for index in variables.indices {
            let first = definedByName.recordFirst(variables[index].name, index - base)
            let namedType = schema.typeIndex(of: variables[index].type.namedType)
            let node = VariableNode(
                variables: variables, index: index, namedType: namedType, firstOffset: first.map { variables[base + $0].name.offset })
            try hooks.variable.run { rule throws(Aborted) in try rule.variable?(&self, node) }
            let type = namedType.flatMap { schema.types[$0].isInputType ? schema.typeRef(variables[index].type, named: $0) : nil }
            if let defaultValue = variables[index].defaultValue, let type {
                var ignored = Summary()
                try walkValue(defaultValue, type: type, summary: &ignored)
            }
            try walkDirectives(variables[index].directives, location: .variableDefinition, summary: &summary)
            types.append(type)
        }
        try walkDirectives(
            operation.directives, location: operation.kind == .mutation ? .mutation : operation.kind == .query ? .query : .subscription,
            summary: &summary)
        try walkSelectionSet(operation.selectionSet, parent: operationType(operation), summary: &summary)

        // The variable rules see the usages in the operation and in every fragment it reaches.
        var usages = summary.usages
        // Only a fragment that uses variables adds usages: when none does (the usual case), what
        // the operation reaches is not worked out.
        if fragmentsUseVariables {
            for fragment in reachableFragments(from: fragments.roots(of: index)) {
                if let more = fragmentSummaries[fragment]?.usages, !more.isEmpty { usages.append(contentsOf: more) }
            }
        }
        let definitions = usages.map { definedByName[name: $0.name] }
        do {
            // Scoped: the node must be gone before the map is emptied for the next operation, or
            // emptying it copies the map the node still shares.
            let node = OperationUsageNode(
                operation: operation, variables: variables, types: types, definedByName: definedByName, usages: usages,
                definitions: definitions)
            try hooks.leaveOperation.run { rule throws(Aborted) in try rule.leaveOperation?(&self, node) }
        }
        definedByName.removeAll()
        variablesByName = definedByName
    }

    /// The fragments reachable from `roots`, each once, in first-reached order.
    mutating func reachableFragments(from roots: ArraySlice<Int>) -> [Int] {
        reachStamp += 1
        return fragments.reachable(from: roots, mark: &reachMarks, stamp: reachStamp)
    }
}
