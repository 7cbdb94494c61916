/// NoUnusedFragmentsRule (spec §5.5.1.4): every fragment is spread by some operation, directly or through fragments.
extension Validator {
    mutating func checkUnusedFragments() throws(Aborted) {
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
}
