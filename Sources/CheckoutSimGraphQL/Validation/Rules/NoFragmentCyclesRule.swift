extension ValidationRule {
    /// NoFragmentCyclesRule (spec §5.5.2.2): no fragment spreads itself, directly or through others.
    /// Checked before any fragment's body, as graphql-js checks each fragment as it enters it.
    static let noFragmentCycles = ValidationRule(name: "NoFragmentCyclesRule", fragments: { validator, _ throws(Validator.Aborted) in
        try validator.checkFragmentCycles()
    })
}

extension Validator {
    /// graphql-js's depth-first search, which reports each cycle once at its
    /// spreads, run with an explicit stack so a chain of thousands of fragments needs no recursion.
    fileprivate mutating func checkFragmentCycles() throws(Aborted) {
        // The fragment graph has the same edges (every spread, by first definition); when it found
        // no cycle there is nothing to report.
        guard fragments.hasCycle else { return }
        let count = document.fragments.count
        var visited = [Bool](repeating: false, count: count)
        var pathIndex = [Int?](repeating: nil, count: count)
        var path: [SpreadRef] = []
        var stack: [(fragment: Int, next: Int)] = []
        var spreadsOf = [[SpreadRef]?](repeating: nil, count: count)
        for root in 0..<count where !visited[root] && fragments.indexByName[name: document.fragments[root].name] == root {
            visited[root] = true
            stack.append((root, 0))
            pathIndex[root] = 0
            while let top = stack.last {
                if spreadsOf[top.fragment] == nil {
                    spreadsOf[top.fragment] = Self.spreadsInCycleOrder(document.fragments[top.fragment], in: document)
                }
                let spreads = spreadsOf[top.fragment] ?? []
                guard top.next < spreads.count else {
                    pathIndex[top.fragment] = nil
                    stack.removeLast()
                    if !stack.isEmpty { path.removeLast() }
                    continue
                }
                stack[stack.count - 1].next += 1
                let spread = spreads[top.next]
                guard let target = fragments.indexByName[name: spread.name] else { continue }
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
    private static func spreadsInCycleOrder(_ fragment: FragmentDefinition, in document: Document) -> [SpreadRef] {
        var spreads: [SpreadRef] = []
        var pending = [fragment.selectionSet]
        while let set = pending.popLast() {
            for selection in document[set] {
                switch selection {
                case .fragmentSpread(let id):
                    let spread = document[id]
                    spreads.append(SpreadRef(name: spread.name.value, offset: spread.offset))
                case .field(let id): if let nested = document[id].selectionSet { pending.append(nested) }
                case .inlineFragment(let id): pending.append(document[id].selectionSet)
                }
            }
        }
        return spreads
    }
}
