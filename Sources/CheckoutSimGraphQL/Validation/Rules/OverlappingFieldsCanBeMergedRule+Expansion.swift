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

        init(count: Int) {
            sizes = Array(repeating: nil, count: count)
            keys = Array(repeating: nil, count: count)
        }
    }

    /// The distinct keys met so far in one selection set, in a block on the stack
    /// (`withUnsafeTemporaryAllocation`): a set holds at most `Expansion.maxKeys`, and a shared
    /// array grown and shrunk for every set paid for uniqueness checks on each key
    /// (Benchmarks/NOTES.md, issue 43).
    struct SetKeys {
        let slots: UnsafeMutableBufferPointer<UInt64>
        var count = 0
        var overflowed = false

        /// Records `key`, noting a repeat in `total`.
        ///
        /// Keys are compared by their hashes (`Name.hash`): two different keys with one hash only
        /// send the set to the fold, which compares the fields themselves, so the pass stays exact.
        /// - Complexity: O(`Expansion.maxKeys`): a scan of integers, cheaper than hashing again for
        ///   sets this small.
        mutating func note(_ key: UInt64, total: inout Expansion) {
            guard !overflowed else { return }
            for index in 0..<count where slots[index] == key {
                total.mayConflict = true
                return
            }
            guard count < Expansion.maxKeys else {
                overflowed = true
                total.mayConflict = true
                return
            }
            slots[count] = key
            count += 1
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
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: Expansion.maxKeys) { slots in
            var keys = SetKeys(slots: slots)
            var total = Expansion()
            expand(selectionSet, table: &table, keys: &keys, into: &total)
            return (total, listingKeys && !keys.overflowed ? Array(slots[0..<keys.count]) : nil)
        }
    }

    /// Adds the fields of `selectionSet` to the set whose keys are `keys`: its own fields and
    /// those of its inline fragments and spreads, which all land in the same response object.
    private func expand(_ selectionSet: SelectionSet, table: inout FragmentExpansions, keys: inout SetKeys, into total: inout Expansion) {
        let cap = limits.maxFields + 1
        for selection in document[selectionSet] {
            switch selection {
            case .field(let id):
                let child = document[id].selectionSet.map { expansion(of: $0, table: &table) } ?? Expansion()
                total.fields = min(cap, total.fields + 1 + child.fields)
                total.depth = max(total.depth, 1 + child.depth)
                total.mayConflict = total.mayConflict || child.mayConflict
                keys.note(document[id].responseKeyHash, total: &total)
            case .inlineFragment(let id):
                expand(document[id].selectionSet, table: &table, keys: &keys, into: &total)
            case .fragmentSpread(let id):
                guard let index = fragments.target(of: id), let inner = table.sizes[index] else { continue }
                total.fields = min(cap, total.fields + inner.fields)
                total.depth = max(total.depth, inner.depth)
                // A fragment spread twice repeats its keys: folded, its fields agree with themselves.
                guard let fragmentKeys = table.keys[index] else {
                    keys.overflowed = true
                    total.mayConflict = true
                    continue
                }
                for key in fragmentKeys { keys.note(key, total: &total) }
            }
        }
    }
}
