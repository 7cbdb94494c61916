extension ValidationRule {
    /// NoUnusedFragmentsRule (spec §5.5.1.4): every fragment is spread by some operation, directly or through fragments.
    static let noUnusedFragments = ValidationRule(name: "NoUnusedFragmentsRule", leaveDocument: { validator, _ throws(Validator.Aborted) in
        try validator.checkUnusedFragments()
    })
}

extension Validator {
    fileprivate mutating func checkUnusedFragments() throws(Aborted) {
        var roots: [SpreadRef] = []
        for operation in document.operations {
            Self.collectSpreads(operation.selectionSet, in: document, into: &roots)
        }
        var used = [Bool](repeating: false, count: document.fragments.count)
        for fragment in reachableFragments(from: roots) { used[fragment] = true }
        for fragment in document.fragments {
            guard let index = fragments.indexByName[fragment.name.value], !used[index] else { continue }
            try report("Fragment \"\(fragment.name.value)\" is never used.", [fragment.offset])
        }
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
}
