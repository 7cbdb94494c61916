/// What the overlap rule learns about a selection set before folding anything: its size and depth
/// with fragments expanded (the limits), and whether a response key repeats in it (the fast path).
extension Validator {
    /// How many fields a selection set selects with fragments expanded, how deep it nests, and
    /// whether any of its fields might conflict.
    struct Expansion {
        var fields = 0
        var depth = 0
        /// False when no response key repeats in any selection set written here, fragments and
        /// inline fragments expanded: then no two fields are ever compared. A fragment's own sets
        /// are not counted: its shape is built and its conflicts reported with the fragment.
        var mayConflict = false
        static let maxKeys = 32
    }

    /// What the pre-pass knows about the fragments: each one's expansion and the hashes of its
    /// distinct top-level response keys, fragments expanded, for the sets that spread it (nil past
    /// `Expansion.maxKeys`: a spreading set then assumes a repeat). A repeat inside a fragment is
    /// the fragment's to report, so a key is listed once: what a spreading set must find is a key
    /// met from two places. Kept apart from `Expansion`, a plain value returned at every level.
    struct FragmentExpansions {
        var sizes: [Expansion?]
        var keys: [[UInt64]?]
        /// Scratch space shared by the whole pass: each set's keys sit on top while it is
        /// expanded, so no set allocates its own list.
        var scratch: [UInt64] = []

        init(count: Int) {
            sizes = Array(repeating: nil, count: count)
            keys = Array(repeating: nil, count: count)
        }
    }

    /// Expands every fragment that reaches no cycle, each after those it spreads.
    func expandFragments() -> FragmentExpansions {
        var table = FragmentExpansions(count: document.fragments.count)
        for fragment in fragments.bottomUp {
            (table.sizes[fragment], table.keys[fragment]) = expansion(
                of: document.fragments[fragment].selectionSet, table: &table, listingKeys: true)
        }
        return table
    }

    /// The expansion of `selectionSet`, from those of the fragments it spreads (a spread of a
    /// fragment without one, unknown or on a cycle, adds nothing). Sizes saturate past the limit.
    func expansion(of selectionSet: SelectionSet, table: inout FragmentExpansions) -> Expansion {
        expansion(of: selectionSet, table: &table, listingKeys: false).size
    }

    /// The expansion, and the set's keys when `listingKeys` and they did not overflow.
    private func expansion(
        of selectionSet: SelectionSet, table: inout FragmentExpansions, listingKeys: Bool
    ) -> (size: Expansion, keys: [UInt64]?) {
        let base = table.scratch.count
        var total = Expansion()
        var overflowed = false
        expand(selectionSet, table: &table, base: base, overflowed: &overflowed, into: &total)
        let keys = listingKeys && !overflowed ? Array(table.scratch[base...]) : nil
        // Popped one at a time: `removeLast(_:)` went through generic range replacement.
        while table.scratch.count > base { table.scratch.removeLast() }
        return (total, keys)
    }

    /// Adds the fields of `selectionSet` to the set whose keys start at `base`: its own fields and
    /// those of its inline fragments and spreads, which all land in the same response object.
    private func expand(
        _ selectionSet: SelectionSet, table: inout FragmentExpansions, base: Int, overflowed: inout Bool, into total: inout Expansion
    ) {
        let cap = limits.maxFields + 1
        for selection in document[selectionSet] {
            switch selection {
            case .field(let id):
                let child = document[id].selectionSet.map { expansion(of: $0, table: &table) } ?? Expansion()
                total.fields = min(cap, total.fields + 1 + child.fields)
                total.depth = max(total.depth, 1 + child.depth)
                total.mayConflict = total.mayConflict || child.mayConflict
                Self.note(document[id].responseKeyHash, keys: &table.scratch, base: base, overflowed: &overflowed, total: &total)
            case .inlineFragment(let id):
                expand(document[id].selectionSet, table: &table, base: base, overflowed: &overflowed, into: &total)
            case .fragmentSpread(let id):
                guard let index = fragments.target(of: id), let inner = table.sizes[index] else { continue }
                total.fields = min(cap, total.fields + inner.fields)
                total.depth = max(total.depth, inner.depth)
                // A fragment spread twice repeats its keys: folded, its fields agree with themselves.
                guard let fragmentKeys = table.keys[index] else {
                    overflowed = true
                    total.mayConflict = true
                    continue
                }
                for key in fragmentKeys { Self.note(key, keys: &table.scratch, base: base, overflowed: &overflowed, total: &total) }
            }
        }
    }

    /// Records `key` in the set whose keys start at `base`, noting a repeat.
    ///
    /// Keys are compared by their hashes (`Name.hash`): two different keys with one hash only
    /// send the set to the fold, which compares the fields themselves, so the pass stays exact.
    /// - Complexity: O(`Expansion.maxKeys`): a scan of integers, cheaper than hashing again for
    ///   sets this small.
    private static func note(_ key: UInt64, keys: inout [UInt64], base: Int, overflowed: inout Bool, total: inout Expansion) {
        guard !overflowed else { return }
        for index in base..<keys.count where keys[index] == key {
            total.mayConflict = true
            return
        }
        guard keys.count - base < Expansion.maxKeys else {
            overflowed = true
            total.mayConflict = true
            return
        }
        keys.append(key)
    }
}
