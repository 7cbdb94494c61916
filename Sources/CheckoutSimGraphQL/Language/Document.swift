/// A parsed executable document: definitions, and the nodes they select from, in flat arrays.
///
/// The selections of every selection set sit side by side in `selections`, and fields, spreads
/// and inline fragments each live in an array of their own, found by typed index. Parsing a
/// document allocates a handful of arrays instead of an object per field and an array per
/// selection set, freeing it frees those arrays, and passing a node around passes an index
/// (measured against a class per field and arrays per node: Benchmarks/NOTES.md).
/// Positions are UTF-8 byte offsets into `source`.
package struct Document: Sendable {
    /// Everything, behind one reference: executors and caches copy documents per request, and a
    /// copy then costs one retain, not one per array.
    private let storage: Storage

    /// The document's UTF-8 text; every offset in the tree points into it.
    package var source: [UInt8] { storage.source }
    /// The operations, in document order.
    package var operations: [OperationDefinition] { storage.nodes.operations }
    /// The fragment definitions, in document order.
    package var fragments: [FragmentDefinition] { storage.nodes.fragments }
    /// Operations and fragments as (isFragment, index) in document order.
    package var order: [(isFragment: Bool, index: Int)] { storage.nodes.order }
    /// The type-system definitions and extensions the document holds, which validation refuses.
    package var nonExecutableDefinitions: [NonExecutableDefinition] { storage.nodes.nonExecutable }
    /// Every selection set's selections, each set's contiguous (`SelectionSet.range`).
    package var selections: [Selection] { storage.nodes.selections }
    /// Every field selection, by `FieldID`.
    package var fields: [Field] { storage.nodes.fields }
    /// Every named spread, by `FragmentSpreadID`.
    package var spreads: [FragmentSpread] { storage.nodes.spreads }
    /// Every inline fragment, by `InlineFragmentID`.
    package var inlineFragments: [InlineFragment] { storage.nodes.inlineFragments }
    /// Every argument of a field or directive, each node's side by side (`Arguments`).
    package var arguments: [Argument] { storage.nodes.arguments }
    /// Every directive, each node's side by side (`Directives`).
    package var directives: [Directive] { storage.nodes.directives }
    /// Every variable definition, each operation's side by side (`VariableDefinitions`): one list
    /// for the document, where a list per operation was an allocation for each (Benchmarks/NOTES.md, issue 43).
    package var variableDefinitions: [VariableDefinition] { storage.nodes.variables }
    /// The first definition of each fragment name, as an index into `fragments`.
    var fragmentIndex: NameMap { storage.fragmentIndex }

    /// The nodes a parser gathered, in the arrays a document keeps them in.
    struct Nodes {
        var operations: [OperationDefinition] = []
        var fragments: [FragmentDefinition] = []
        var order: [(isFragment: Bool, index: Int)] = []
        var selections: [Selection] = []
        var fields: [Field] = []
        var spreads: [FragmentSpread] = []
        var inlineFragments: [InlineFragment] = []
        var arguments: [Argument] = []
        var directives: [Directive] = []
        var variables: [VariableDefinition] = []
        var nonExecutable: [NonExecutableDefinition] = []
    }

    private final class Storage: Sendable {
        let source: [UInt8]
        let nodes: Nodes
        /// The first definition of each fragment name, as an index into `nodes.fragments`.
        let fragmentIndex: NameMap

        init(source: [UInt8], nodes: Nodes) {
            self.source = source
            self.nodes = nodes
            var index = NameMap(capacity: nodes.fragments.count)
            for (position, fragment) in nodes.fragments.enumerated() { _ = index.recordFirst(fragment.name, position) }
            fragmentIndex = index
        }
    }

    init(source: [UInt8], nodes: Nodes) {
        storage = Storage(source: source, nodes: nodes)
    }

    /// The line and column of byte `offset`.
    package func location(_ offset: Int) -> SourceLocation {
        SourceLocation.of(offset: offset, in: source)
    }

    /// The first fragment called `name`.
    package func fragment(named name: String) -> FragmentDefinition? {
        storage.fragmentIndex[name: name].map { fragments[$0] }
    }

    /// The first fragment a spread's `name` names, found by the lexer's hash.
    func fragment(named name: Name) -> FragmentDefinition? {
        storage.fragmentIndex[name: name].map { fragments[$0] }
    }

    /// The selections of `set`, in order.
    package subscript(set: SelectionSet) -> ArraySlice<Selection> {
        selections[set.range]
    }

    /// The field `id` names. Read in place (`_read`): `document[id].name` copies the name, not
    /// the whole node with its retains (Benchmarks/NOTES.md, issue 43).
    package subscript(id: FieldID) -> Field {
        _read { yield storage.nodes.fields[id.index] }
    }

    /// The named spread `id` names.
    package subscript(id: FragmentSpreadID) -> FragmentSpread {
        _read { yield storage.nodes.spreads[id.index] }
    }

    /// The inline fragment `id` names.
    package subscript(id: InlineFragmentID) -> InlineFragment {
        _read { yield storage.nodes.inlineFragments[id.index] }
    }

    /// A node's arguments, in order.
    package subscript(run: Arguments) -> ArraySlice<Argument> {
        arguments[run.range]
    }

    /// A node's directives, in order.
    package subscript(run: Directives) -> ArraySlice<Directive> {
        directives[run.range]
    }

    /// An operation's variable definitions, in order.
    package subscript(run: VariableDefinitions) -> ArraySlice<VariableDefinition> {
        variableDefinitions[run.range]
    }

    /// The directives on `selection`, whatever its kind.
    package func directives(of selection: Selection) -> ArraySlice<Directive> {
        switch selection {
        case .field(let id): self[self[id].directives]
        case .fragmentSpread(let id): self[self[id].directives]
        case .inlineFragment(let id): self[self[id].directives]
        }
    }
}

/// A field's position in `Document.fields`.
package struct FieldID: Hashable, Sendable {
    let raw: Int32
    /// The position in `Document.fields`.
    package var index: Int { Int(raw) }
}

/// A named spread's position in `Document.spreads`.
package struct FragmentSpreadID: Hashable, Sendable {
    let raw: Int32
    /// The position in `Document.spreads`.
    package var index: Int { Int(raw) }
}

/// An inline fragment's position in `Document.inlineFragments`.
package struct InlineFragmentID: Hashable, Sendable {
    let raw: Int32
    /// The position in `Document.inlineFragments`.
    package var index: Int { Int(raw) }
}

/// Where one node's arguments (or directives) sit, side by side, in `Document.arguments` (or
/// `Document.directives`); `document[run]` reads them.
package struct NodeRun<Node>: Sendable, Equatable {
    private let start: Int32
    private let end: Int32

    init(_ range: Range<Int>) {
        start = Int32(range.lowerBound)
        end = Int32(range.upperBound)
    }

    /// The nodes' positions in their array.
    package var range: Range<Int> { Int(start)..<Int(end) }
    /// True when the run is empty.
    package var isEmpty: Bool { start == end }
}

/// A field's or directive's arguments, as a run of `Document.arguments`.
package typealias Arguments = NodeRun<Argument>
/// A node's directives, as a run of `Document.directives`.
package typealias Directives = NodeRun<Directive>
/// An operation's variable definitions, as a run of `Document.variableDefinitions`.
package typealias VariableDefinitions = NodeRun<VariableDefinition>
