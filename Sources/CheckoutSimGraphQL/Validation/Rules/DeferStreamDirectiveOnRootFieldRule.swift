extension ValidationRule {
    /// DeferStreamDirectiveOnRootFieldRule (graphql-js 17): a mutation's root fields run one after
    /// another and are the mutation, so none may be deferred; `@defer` belongs below them
    /// (Hydrogen's `cartDiscountCodesUpdate { ... @defer { cart { … } } }`).
    static let deferStreamDirectiveOnRootField = ValidationRule(name: "DeferStreamDirectiveOnRootFieldRule", operation: { validator, operation throws(Validator.Aborted) in
        guard operation.kind == .mutation || operation.kind == .subscription else { return }
        let document = validator.document
        let rootName = operation.kind == .mutation
            ? validator.schema.mutationType.map { validator.schema.types[$0].name } ?? "Mutation"
            : "Subscription"
        // The root selection set and the fragments spread or inlined in it, which select on the
        // root type too: an explicit stack, each named fragment once.
        var stack = [operation.selectionSet]
        var visited: Set<String> = []
        while let set = stack.popLast() {
            for selection in document[set] {
                let directives: ArraySlice<Directive>
                switch selection {
                case .field: continue
                case .inlineFragment(let id):
                    directives = document[document[id].directives]
                    stack.append(document[id].selectionSet)
                case .fragmentSpread(let id):
                    let spread = document[id]
                    directives = document[spread.directives]
                    if visited.insert(spread.name.value).inserted, let fragment = document.fragment(named: spread.name) {
                        stack.append(fragment.selectionSet)
                    }
                }
                for directive in directives where directive.name.value == "defer" {
                    try validator.report(
                        "Defer directive cannot be used on root \(operation.kind.rawValue) type \"\(rootName)\".", [directive.offset])
                }
            }
        }
    })
}
