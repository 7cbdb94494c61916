/// The walk over selections: each field, spread, inline fragment, directive and argument is
/// visited once, and the rules that apply to it (in `Rules/`, named as graphql-js names them) run
/// there, in graphql-js's order, so messages come out in the order graphql-js gives them.
extension Validator {
    mutating func checkSelectionSet(_ selectionSet: SelectionSet, parent: Int?, summary: inout Summary) throws(Aborted) {
        for selection in document[selectionSet] {
            switch selection {
            case .field(let id):
                let field = document[id]
                try checkDirectives(field.directives, location: .field, summary: &summary)
                try checkField(field, parent: parent, summary: &summary)
            case .fragmentSpread(let id):
                let spread = document[id]
                try checkDirectives(spread.directives, location: .fragmentSpread, summary: &summary)
                summary.spreads.append(SpreadRef(name: spread.name.value, offset: spread.offset))
                guard let index = try knownFragment(spread) else { continue }
                let condition = schema.typeIndex[document.fragments[index].typeCondition.value]
                try checkPossibleSpread(spread, condition: condition, parent: parent)
            case .inlineFragment(let id):
                let inline = document[id]
                try checkDirectives(inline.directives, location: .inlineFragment, summary: &summary)
                var type = parent
                if let condition = inline.typeCondition {
                    type = try compositeType(condition, fragment: nil)
                    if let type { try checkPossibleInlineFragment(inline, condition: type, parent: parent) }
                }
                try checkSelectionSet(inline.selectionSet, parent: type, summary: &summary)
            }
        }
    }

    private mutating func checkField(_ field: Field, parent: Int?, summary: inout Summary) throws(Aborted) {
        let name = field.name.value
        let definition = try parent.flatMap { parent throws(Aborted) in try fieldDefinition(field, on: parent) }
        let schema = self.schema
        if !field.arguments.isEmpty || definition?.hasRequiredArguments == true {
            try checkArguments(
                field.arguments, definitions: definition?.arguments, known: definition != nil,
                unknownMessage: { argument in
                    let owner = parent.map { "\(schema.types[$0].name).\(name)" } ?? name
                    return "Unknown argument \"\(argument)\" on field \"\(owner)\"."
                },
                missingMessage: { argument, type in
                    "Field \"\(name)\" argument \"\(argument)\" of type \"\(type)\" is required, but it was not provided."
                },
                at: field.offset, summary: &summary)
        }
        let childType = try definition.flatMap { definition throws(Aborted) in try checkLeafSelection(field, definition: definition) }
        if let selectionSet = field.selectionSet {
            try checkSelectionSet(selectionSet, parent: childType, summary: &summary)
        }
    }

    /// The argument rules and the arguments' values, for a field or a directive.
    private mutating func checkArguments(
        _ arguments: Arguments, definitions: [InputValueDefinition]?, known: Bool,
        unknownMessage: (String) -> String, missingMessage: (String, String) -> String,
        at offset: Int, summary: inout Summary
    ) throws(Aborted) {
        var seen = NameMap()
        for argument in document[arguments] {
            try checkUniqueArgument(argument, seen: &seen)
            let definition = try argumentDefinition(argument, among: definitions, known: known, unknownMessage: unknownMessage)
            try checkValue(argument.value, type: definition?.type, summary: &summary, locationHasDefault: definition?.defaultValue != nil)
        }
        try checkRequiredArguments(definitions, given: seen, at: offset, missingMessage: missingMessage)
    }

    mutating func checkDirectives(_ directives: Directives, location: DirectiveLocation, summary: inout Summary) throws(Aborted) {
        guard !directives.isEmpty else { return }
        var seen = NameMap()
        for directive in document[directives] {
            let name = directive.name.value
            guard let definition = try knownDirective(directive, location: location) else {
                try checkArguments(
                    directive.arguments, definitions: nil, known: false, unknownMessage: { _ in "" },
                    missingMessage: { _, _ in "" }, at: directive.offset, summary: &summary)
                continue
            }
            try checkUniqueDirective(directive, definition: definition, seen: &seen)
            try checkArguments(
                directive.arguments, definitions: definition.arguments, known: true,
                unknownMessage: { "Unknown argument \"\($0)\" on directive \"@\(name)\"." },
                missingMessage: { argument, type in
                    "Directive \"@\(name)\" argument \"\(argument)\" of type \"\(type)\" is required, but it was not provided."
                },
                at: directive.offset, summary: &summary)
        }
    }
}
