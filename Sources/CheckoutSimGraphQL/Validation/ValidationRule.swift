/// One validation rule of the GraphQL spec (§5), named and worded as graphql-js names and words it:
/// the points of the walk it checks at, each a closure.
///
/// The walk (`Validator.swift`, `Validator+Walk.swift`, `Validator+Values.swift`) visits every node
/// once and works out what the rules need there (a field's definition, the type a fragment names,
/// whether a name was seen before, the variables an operation uses); a rule only looks and reports.
/// `ValidationRule.specified` lists the rules in graphql-js's order, and at each point the walk calls
/// the rules that check there in that order. A new rule is its own file in `Rules/` and a line in
/// the list.
final class ValidationRule: Sendable {
    typealias Hook<Node> = @Sendable (inout Validator, Node) throws(Validator.Aborted) -> Void

    /// graphql-js's name for the rule.
    let name: String
    /// Once, before any definition: the document as a whole.
    let document: Hook<Void>?
    /// Each operation's name, before any definition is walked.
    let operationName: Hook<Validator.NameNode>?
    /// Each fragment's name, after the operations' names.
    let fragmentName: Hook<Validator.NameNode>?
    /// Once, after the names and before any definition's body: the fragments as a whole.
    let fragments: Hook<Void>?
    /// Each operation, before its variables.
    let operation: Hook<OperationDefinition>?
    /// Each variable definition, before its default value.
    let variable: Hook<Validator.VariableNode>?
    /// Each type condition, of a fragment definition or an inline fragment.
    let typeCondition: Hook<Validator.TypeConditionNode>?
    /// Each directive, before its arguments.
    let directive: Hook<Validator.DirectiveNode>?
    /// Each field, before its arguments.
    let field: Hook<Validator.FieldNode>?
    /// Each argument of a field or directive, before its value.
    let argument: Hook<Validator.ArgumentNode>?
    /// A field's or directive's arguments, after the last.
    let leaveArguments: Hook<Validator.ArgumentsNode>?
    /// Each fragment spread.
    let fragmentSpread: Hook<Validator.SpreadNode>?
    /// Each inline fragment with a known type condition, before its selections.
    let inlineFragment: Hook<Validator.InlineFragmentNode>?
    /// Each value (of an argument, a default, a list item or an input field) with the type it must have.
    let value: Hook<Validator.ValueNode>?
    /// Each field of an input object value, before its value.
    let inputField: Hook<Validator.InputFieldNode>?
    /// An input object value, after its fields.
    let leaveInputObject: Hook<Validator.InputObjectNode>?
    /// Each operation, after its selections: the variables it uses, with its fragments'.
    let leaveOperation: Hook<Validator.OperationUsageNode>?
    /// Once, after every definition.
    let leaveDocument: Hook<Void>?

    /// The rule graphql-js calls `name`, checking at the points given.
    init(
        name: String,
        document: Hook<Void>? = nil,
        operationName: Hook<Validator.NameNode>? = nil,
        fragmentName: Hook<Validator.NameNode>? = nil,
        fragments: Hook<Void>? = nil,
        operation: Hook<OperationDefinition>? = nil,
        variable: Hook<Validator.VariableNode>? = nil,
        typeCondition: Hook<Validator.TypeConditionNode>? = nil,
        directive: Hook<Validator.DirectiveNode>? = nil,
        field: Hook<Validator.FieldNode>? = nil,
        argument: Hook<Validator.ArgumentNode>? = nil,
        leaveArguments: Hook<Validator.ArgumentsNode>? = nil,
        fragmentSpread: Hook<Validator.SpreadNode>? = nil,
        inlineFragment: Hook<Validator.InlineFragmentNode>? = nil,
        value: Hook<Validator.ValueNode>? = nil,
        inputField: Hook<Validator.InputFieldNode>? = nil,
        leaveInputObject: Hook<Validator.InputObjectNode>? = nil,
        leaveOperation: Hook<Validator.OperationUsageNode>? = nil,
        leaveDocument: Hook<Void>? = nil
    ) {
        self.name = name
        self.document = document
        self.operationName = operationName
        self.fragmentName = fragmentName
        self.fragments = fragments
        self.operation = operation
        self.variable = variable
        self.typeCondition = typeCondition
        self.directive = directive
        self.field = field
        self.argument = argument
        self.leaveArguments = leaveArguments
        self.fragmentSpread = fragmentSpread
        self.inlineFragment = inlineFragment
        self.value = value
        self.inputField = inputField
        self.leaveInputObject = leaveInputObject
        self.leaveOperation = leaveOperation
        self.leaveDocument = leaveDocument
    }
}

extension ValidationRule {
    /// The rules, in graphql-js's `specifiedRules` order, the one rule of graphql-js 17 that
    /// graphql-js 16 leaves to execution (`KnownOperationTypesRule`), and graphql-js 17's two
    /// rules for `@defer` (`DeferStreamDirective…`). `OverlappingFieldsCanBeMergedRule`
    /// also enforces the field and depth limits (`ValidationLimits`).
    static let specified: [ValidationRule] = [
        .executableDefinitions,
        .uniqueOperationNames,
        .loneAnonymousOperation,
        .knownOperationTypes,
        .knownTypeNames,
        .fragmentsOnCompositeTypes,
        .variablesAreInputTypes,
        .scalarLeafs,
        .fieldsOnCorrectType,
        .uniqueFragmentNames,
        .knownFragmentNames,
        .noUnusedFragments,
        .possibleFragmentSpreads,
        .noFragmentCycles,
        .uniqueVariableNames,
        .noUndefinedVariables,
        .noUnusedVariables,
        .knownDirectives,
        .uniqueDirectivesPerLocation,
        .deferStreamDirectiveOnRootField,
        .deferStreamDirectiveLabel,
        .knownArgumentNames,
        .uniqueArgumentNames,
        .valuesOfCorrectType,
        .providedRequiredArguments,
        .variablesInAllowedPosition,
        .overlappingFieldsCanBeMerged,
        .uniqueInputFieldNames,
    ]
}

/// The specified rules sorted by the point they check at, each point's in list order: what the
/// walk calls.
///
/// Each point keeps the rules themselves (a class, so an element is one reference), not their
/// closures: an array of closures stores them in the most general calling convention, so every call
/// would go through a reabstraction thunk that copies the node (Benchmarks/NOTES.md).
struct RuleHooks: Sendable {
    let document: RuleList
    let operationName: RuleList
    let fragmentName: RuleList
    let fragments: RuleList
    let operation: RuleList
    let variable: RuleList
    let typeCondition: RuleList
    let directive: RuleList
    let field: RuleList
    let argument: RuleList
    let leaveArguments: RuleList
    let fragmentSpread: RuleList
    let inlineFragment: RuleList
    let value: RuleList
    let inputField: RuleList
    let leaveInputObject: RuleList
    let leaveOperation: RuleList
    let leaveDocument: RuleList

    private init(_ rules: [ValidationRule]) {
        document = RuleList(rules.filter { $0.document != nil })
        operationName = RuleList(rules.filter { $0.operationName != nil })
        fragmentName = RuleList(rules.filter { $0.fragmentName != nil })
        fragments = RuleList(rules.filter { $0.fragments != nil })
        operation = RuleList(rules.filter { $0.operation != nil })
        variable = RuleList(rules.filter { $0.variable != nil })
        typeCondition = RuleList(rules.filter { $0.typeCondition != nil })
        directive = RuleList(rules.filter { $0.directive != nil })
        field = RuleList(rules.filter { $0.field != nil })
        argument = RuleList(rules.filter { $0.argument != nil })
        leaveArguments = RuleList(rules.filter { $0.leaveArguments != nil })
        fragmentSpread = RuleList(rules.filter { $0.fragmentSpread != nil })
        inlineFragment = RuleList(rules.filter { $0.inlineFragment != nil })
        value = RuleList(rules.filter { $0.value != nil })
        inputField = RuleList(rules.filter { $0.inputField != nil })
        leaveInputObject = RuleList(rules.filter { $0.leaveInputObject != nil })
        leaveOperation = RuleList(rules.filter { $0.leaveOperation != nil })
        leaveDocument = RuleList(rules.filter { $0.leaveDocument != nil })
    }

    /// The specified rules' hooks, sorted once; the only hooks there are, so every `RuleList`
    /// lives as long as the process.
    static let specified = RuleHooks(ValidationRule.specified)
}

/// The rules at one point of the walk, in a block made once and never freed, each rule retained
/// once for good (`RuleHooks.specified` is process-wide and immutable).
///
/// Calling the rules costs no reference counting: as an `Array`, the walk retained the list at
/// every node and each rule around its call, since a rule is handed an `inout` validator that
/// could, as far as the compiler knows, drop them (Benchmarks/NOTES.md, issue 43).
struct RuleList: RandomAccessCollection, @unchecked Sendable {
    // Immutable after `init`, and its rules never released: sharing it across threads is safe.
    private let rules: UnsafeBufferPointer<Unmanaged<ValidationRule>>

    fileprivate init(_ list: [ValidationRule]) {
        let block = UnsafeMutableBufferPointer<Unmanaged<ValidationRule>>.allocate(capacity: list.count)
        _ = block.initialize(from: list.map { Unmanaged.passRetained($0) })
        rules = UnsafeBufferPointer(block)
    }

    var startIndex: Int { 0 }
    var endIndex: Int { rules.count }

    subscript(position: Int) -> ValidationRule {
        rules[position].takeUnretainedValue()
    }

    /// Calls `body` with each rule in order, each borrowed from the list.
    @inline(__always) func run(_ body: (ValidationRule) throws(Validator.Aborted) -> Void) throws(Validator.Aborted) {
        for index in rules.indices {
            var failure: Validator.Aborted?
            rules[index]._withUnsafeGuaranteedRef { rule in
                do throws(Validator.Aborted) { try body(rule) } catch { failure = error }
            }
            if let failure { throw failure }
        }
    }
}
