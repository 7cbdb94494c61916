extension ValidationRule {
    /// NoUnusedFragmentsRule (spec §5.5.1.4): every fragment is spread by some operation, directly or through fragments.
    static let noUnusedFragments = ValidationRule(name: "NoUnusedFragmentsRule", leaveDocument: { validator, _ throws(Validator.Aborted) in
        try validator.checkUnusedFragments()
    })
}

extension Validator {
    fileprivate mutating func checkUnusedFragments() throws(Aborted) {
        var used = [Bool](repeating: false, count: document.fragments.count)
        for fragment in reachableFragments(from: fragments.allRoots[...]) { used[fragment] = true }
        for fragment in document.fragments {
            guard let index = fragments.indexByName[name: fragment.name], !used[index] else { continue }
            try report("Fragment \"\(fragment.name.value)\" is never used.", [fragment.offset])
        }
    }
}
