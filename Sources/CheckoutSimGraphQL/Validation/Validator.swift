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
/// One walk over each definition (here and in `Validator+Walk.swift`) visits every node once and
/// calls the rules that apply to it; each rule lives in `Rules/` in a file named after graphql-js's
/// rule (`FieldsOnCorrectTypeRule.swift`, …). Document-wide rules (names, cycles, unused
/// fragments, variables, overlapping fields) run on summaries gathered by that walk, so no
/// fragment is walked more than once.
package struct Validator {
    struct VariableUsage {
        let name: String
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

    /// The Unique…Names rules' check: remembers where `name` was first seen, or reports `message`
    /// at both places when it was seen before.
    mutating func checkUnique(_ name: String, at offset: Int, seen: inout NameMap, _ message: () -> String) throws(Aborted) {
        if let first = seen.recordFirst(name, offset) { try report(message(), [first, offset]) }
    }

    mutating func report(_ message: String, _ offsets: [Int]) throws(Aborted) {
        if errors.count >= limits.maxErrors { throw Aborted() }
        errors.append(GraphQLError(message, locations: SourceLocation.of(offsets: offsets, in: document.source), code: .validationFailed))
    }

    private mutating func run() throws(Aborted) {
        try checkExecutableDefinitions()
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

    // MARK: The walk over definitions

    private mutating func checkDefinitionNames() throws(Aborted) {
        var seenOperations = NameMap()
        for operation in document.operations {
            try checkLoneAnonymousOperation(operation)
            try checkUniqueOperationName(operation, seen: &seenOperations)
        }
        try checkUniqueFragmentNames()
    }

    private mutating func checkFragmentDefinition(_ fragment: FragmentDefinition, summary: inout Summary) throws(Aborted) {
        let type = try compositeType(fragment.typeCondition, fragment: fragment.name.value)
        try checkDirectives(fragment.directives, location: .fragmentDefinition, summary: &summary)
        try checkSelectionSet(fragment.selectionSet, parent: type, summary: &summary)
    }

    private mutating func checkOperation(_ operation: OperationDefinition) throws(Aborted) {
        if operation.kind == .subscription {
            try report("Schema is not configured to execute subscription operation.", [operation.offset])
        }
        var summary = Summary()
        var defined: [(definition: VariableDefinition, type: TypeRef?)] = []
        var definedByName = NameMap()
        for definition in operation.variables {
            try checkUniqueVariableName(definition, defined: defined, definedByName: &definedByName)
            let type = try inputType(of: definition)
            if let defaultValue = definition.defaultValue, let type {
                var ignored = Summary()
                try checkValue(defaultValue, type: type, summary: &ignored)
            }
            try checkDirectives(definition.directives, location: .variableDefinition, summary: &summary)
            defined.append((definition, type))
        }
        try checkDirectives(
            operation.directives, location: operation.kind == .mutation ? .mutation : operation.kind == .query ? .query : .subscription,
            summary: &summary)
        try checkSelectionSet(operation.selectionSet, parent: operationType(operation), summary: &summary)

        // The variable rules see the usages in the operation and in every fragment it reaches.
        let usages = summary.usages + reachableFragments(from: summary.spreads).flatMap { fragmentSummaries[$0]?.usages ?? [] }
        var reportedUndefined: Set<String> = []
        var used: Set<String> = []
        for usage in usages {
            used.insert(usage.name)
            if let position = definedByName[name: usage.name] {
                try checkVariablePosition(usage, definition: defined[position].definition, type: defined[position].type)
            } else {
                try reportUndefinedVariable(usage, in: operation, reported: &reportedUndefined)
            }
        }
        try checkUnusedVariables(defined, used: used, in: operation)
    }

    /// The fragments reachable from `spreads`, each once, in first-reached order.
    mutating func reachableFragments(from spreads: [SpreadRef]) -> [Int] {
        reachStamp += 1
        return fragments.reachable(from: spreads.compactMap { fragments.indexByName[$0.name] }, mark: &reachMarks, stamp: reachStamp)
    }
}
