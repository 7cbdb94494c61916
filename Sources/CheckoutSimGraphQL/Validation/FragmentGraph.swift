/// The document's fragments as a graph: definitions by name, spreads as indices, which fragments
/// reach a cycle, and an order in which every fragment comes after the fragments it spreads.
///
/// Every walk here is iterative, so a chain of thousands of fragments costs no stack, and every
/// lookup is by index, so the document-wide rules stay linear in the document's size.
struct FragmentGraph {
    /// The first definition of each fragment name, as an index into `Document.fragments`.
    let indexByName: NameMap

    /// The fragment `spread` names; nil when the document defines none by that name.
    func target(of spread: FragmentSpreadID) -> Int? {
        targets[spread.index]
    }
    /// For each fragment, the fragments it spreads (anywhere in it), in document order; a spread of
    /// an unknown name is left out. Later definitions of a repeated name spread nothing.
    private(set) var spreads: [[Int]]
    /// For each spread in `Document.spreads`, the fragment it names; nil for a name the document does
    /// not define. Every rule reads it here rather than looking the name up again.
    private(set) var targets: [Int?]
    /// The fragments each operation spreads itself (not through fragments), in document order:
    /// where the operation's reach starts. One flat list, an operation's side by side
    /// (`roots(of:)`): a list per operation was two allocations for each (Benchmarks/NOTES.md, issue 43).
    private(set) var allRoots: [Int]
    private var rootRanges: [Range<Int>]

    /// The fragments operation `index` spreads itself, in document order.
    func roots(of index: Int) -> ArraySlice<Int> {
        allRoots[rootRanges[index]]
    }
    /// Whether the fragment is on a cycle or spreads (directly or not) one that is.
    private(set) var reachesCycle: [Bool]
    /// The fragments that reach no cycle, each after every fragment it spreads.
    private(set) var bottomUp: [Int]

    /// Whether any fragment is on a cycle.
    var hasCycle: Bool { bottomUp.count < spreads.count }

    /// The graph of `document`'s fragments and each operation's roots in it, read from its flat
    /// arrays before any definition is walked: the spreads are in source order, so each belongs to
    /// the last definition that starts before it.
    /// - Complexity: O(definitions + spreads).
    init(_ document: Document) {
        indexByName = document.fragmentIndex
        let fragments = document.fragments
        spreads = Array(repeating: [], count: fragments.count)
        reachesCycle = Array(repeating: false, count: fragments.count)
        bottomUp = []
        let operations = document.operations
        allRoots = []
        allRoots.reserveCapacity(document.spreads.count)
        rootRanges = Array(repeating: 0..<0, count: operations.count)
        targets = []
        targets.reserveCapacity(document.spreads.count)
        let definitions = document.order
        var definition = -1
        // Whether the current definition adds edges: an operation, or a fragment name's first definition
        // (later definitions of a repeated name spread nothing).
        var counts = false
        for spread in document.spreads {
            while definition + 1 < definitions.count {
                let next = definitions[definition + 1]
                let start = next.isFragment ? fragments[next.index].offset : operations[next.index].offset
                guard start <= spread.offset else { break }
                definition += 1
                counts = !next.isFragment || indexByName[name: fragments[next.index].name] == next.index
            }
            let target = indexByName[name: spread.name]
            targets.append(target)
            guard definition >= 0, counts, let target else { continue }
            let owner = definitions[definition]
            if owner.isFragment {
                spreads[owner.index].append(target)
            } else {
                // Spreads come in source order, so an operation's roots are contiguous.
                let start = rootRanges[owner.index].isEmpty ? allRoots.count : rootRanges[owner.index].lowerBound
                allRoots.append(target)
                rootRanges[owner.index] = start..<allRoots.count
            }
        }
        order()
    }

    /// A depth-first search with an explicit stack: a spread back onto the stack closes a cycle;
    /// a fragment reaches a cycle when it closes one or spreads a fragment that reaches one.
    private mutating func order() {
        enum State: UInt8 { case new, open, done }
        var state = [State](repeating: .new, count: spreads.count)
        var stack: [(fragment: Int, next: Int)] = []
        bottomUp.reserveCapacity(spreads.count)
        for root in spreads.indices where state[root] == .new {
            state[root] = .open
            stack.append((root, 0))
            while let top = stack.last {
                let fragment = top.fragment
                if top.next < spreads[fragment].count {
                    stack[stack.count - 1].next += 1
                    let target = spreads[fragment][top.next]
                    switch state[target] {
                    case .new:
                        state[target] = .open
                        stack.append((target, 0))
                    case .open: reachesCycle[fragment] = true
                    case .done: if reachesCycle[target] { reachesCycle[fragment] = true }
                    }
                    continue
                }
                stack.removeLast()
                state[fragment] = .done
                if !reachesCycle[fragment], spreads[fragment].contains(where: { reachesCycle[$0] }) {
                    reachesCycle[fragment] = true
                }
                if !reachesCycle[fragment] { bottomUp.append(fragment) }
            }
        }
    }

    /// The fragments reachable from `roots`, each once, in first-reached (breadth-first) order.
    /// `mark` is scratch space of one entry per fragment; `stamp` must differ from every value in it.
    /// - Complexity: O(what is reached and its spreads).
    func reachable(from roots: ArraySlice<Int>, mark: inout [Int], stamp: Int) -> [Int] {
        var reached: [Int] = []
        var head = 0
        for root in roots where mark[root] != stamp {
            mark[root] = stamp
            reached.append(root)
        }
        while head < reached.count {
            let fragment = reached[head]
            head += 1
            for target in spreads[fragment] where mark[target] != stamp {
                mark[target] = stamp
                reached.append(target)
            }
        }
        return reached
    }
}
