/// The walk over selections: each field, spread, inline fragment, directive and argument is
/// visited once, and the rules that check there run in the order `ValidationRule.specified` lists them.
extension Validator {
    mutating func walkSelectionSet(_ selectionSet: SelectionSet, parent: Int?, summary: inout Summary) throws(Aborted) {
        for selection in document[selectionSet] {
            switch selection {
            case .field(let id):
                try walkDirectives(document[id].directives, location: .field, summary: &summary)
                try walkField(id, parent: parent, summary: &summary)
            case .fragmentSpread(let id):
                let spread = document[id]
                try walkDirectives(spread.directives, location: .fragmentSpread, summary: &summary)
                let fragment = fragments.target(of: id)
                let condition = fragment.flatMap { schema.typeIndex(of: document.fragments[$0].typeCondition) }
                let node = SpreadNode(spread: spread, parent: parent, fragment: fragment, condition: condition)
                try hooks.fragmentSpread.run { rule throws(Aborted) in try rule.fragmentSpread?(&self, node) }
            case .inlineFragment(let id):
                let inline = document[id]
                try walkDirectives(inline.directives, location: .inlineFragment, summary: &summary)
                var type = parent
                if let condition = inline.typeCondition {
                    type = try walkTypeCondition(condition, fragment: nil)
                    if let type {
                        let node = InlineFragmentNode(inline: inline, parent: parent, condition: type)
                        try hooks.inlineFragment.run { rule throws(Aborted) in try rule.inlineFragment?(&self, node) }
                    }
                }
                try walkSelectionSet(inline.selectionSet, parent: type, summary: &summary)
            }
        }
    }

    /// Reads the field's parts in place (`Document`'s subscript): copying a `Field` retained and
    /// released its names once per field walked (Benchmarks/NOTES.md, issue 43).
    private mutating func walkField(_ id: FieldID, parent: Int?, summary: inout Summary) throws(Aborted) {
        let definition = parent.flatMap { schema.field(document[id].name, on: $0) }
        let offset = document[id].offset
        let selectionSet = document[id].selectionSet
        let node = FieldNode(
            id: id, offset: offset, selectionSet: selectionSet, parent: parent, definition: definition, namedType: definition?.namedType)
        // The node borrows the definition (a meta field's is made for this lookup alone).
        try withExtendedLifetime(definition) { () throws(Aborted) in
            try hooks.field.run { rule throws(Aborted) in try rule.field?(&self, node) }
        }
        let arguments = document[id].arguments
        if !arguments.isEmpty || definition?.hasRequiredArguments == true {
            try walkArguments(
                arguments, owner: .field(id, parent: parent), definitions: definition?.arguments,
                at: offset, summary: &summary)
        }
        if let selectionSet {
            // A leaf's sub-selection is walked for its variables and errors as graphql-js walks it,
            // against no type.
            let childType = definition.flatMap { schema.types[$0.namedType].isComposite ? $0.namedType : nil }
            try walkSelectionSet(selectionSet, parent: childType, summary: &summary)
        }
    }

    /// The arguments of a field or directive, and their values.
    private mutating func walkArguments(
        _ arguments: Arguments, owner: ArgumentOwner, definitions: [InputValueDefinition]?, at offset: Int, summary: inout Summary
    ) throws(Aborted) {
        var seen = FirstSeen(count: arguments.range.count)
        // Each argument is read in place from the document's list: copying one retained its name
        // and value and destroyed them again (Benchmarks/NOTES.md, issue 43).
        let all = document.arguments
        for index in arguments.range {
            let first = seen.first(all[index].name, earlier: all[arguments.range.lowerBound..<index].lazy.map { $0.name })
            // By position: the definitions are read in place, not copied.
            let definition = definitions?.firstIndex { $0.name == all[index].name.value }
            let node = ArgumentNode(index: index, owner: owner, definitions: definitions, isDefined: definition != nil, firstOffset: first)
            try hooks.argument.run { rule throws(Aborted) in try rule.argument?(&self, node) }
            let type = definition.map { definitions?[$0].type } ?? nil
            let hasDefault = definition.map { definitions?[$0].defaultValue != nil } ?? false
            try walkValue(all[index].value, type: type, summary: &summary, locationHasDefault: hasDefault)
        }
        let node = ArgumentsNode(owner: owner, definitions: definitions, arguments: arguments, offset: offset)
        try hooks.leaveArguments.run { rule throws(Aborted) in try rule.leaveArguments?(&self, node) }
    }

    /// Inlined where it is used: most nodes have no directives, and the check costs less than a
    /// call (Benchmarks/NOTES.md, issue 43).
    @inline(__always)
    mutating func walkDirectives(_ directives: Directives, location: DirectiveLocation, summary: inout Summary) throws(Aborted) {
        guard !directives.isEmpty else { return }
        try walkDirectiveList(directives, location: location, summary: &summary)
    }

    private mutating func walkDirectiveList(_ directives: Directives, location: DirectiveLocation, summary: inout Summary) throws(Aborted) {
        var seen = FirstSeen(count: directives.range.count)
        let schema = schema
        for index in directives.range {
            let directive = document.directives[index]
            let name = directive.name.value
            let definition = schema.directive(named: name)
            // Unknown directives are not counted; a repeat's first is where its `@` is.
            let first = definition == nil ? nil : seen.first(
                directive.name, at: directive.offset, earlier: document.directives[directives.range.lowerBound..<index].lazy
                    .filter { schema.directive(named: $0.name.value) != nil }.map { ($0.name, $0.offset) })
            let node = DirectiveNode(directive: directive, location: location, definition: definition, firstOffset: first)
            try hooks.directive.run { rule throws(Aborted) in try rule.directive?(&self, node) }
            try walkArguments(
                directive.arguments, owner: definition == nil ? .unknownDirective : .directive(name: name),
                definitions: definition?.arguments, at: directive.offset, summary: &summary)
        }
    }
}
