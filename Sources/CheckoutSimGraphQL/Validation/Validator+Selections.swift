/// Field, argument, directive and fragment-spread rules, checked in one walk of a selection set.
extension Validator {
    mutating func checkSelectionSet(_ selectionSet: SelectionSet, parent: Int?, summary: inout Summary) throws(Aborted) {
        for selection in selectionSet.selections {
            switch selection {
            case .field(let field):
                try checkDirectives(field.directives, location: "FIELD", summary: &summary)
                try checkField(field, parent: parent, summary: &summary)
            case .fragmentSpread(let spread):
                try checkDirectives(spread.directives, location: "FRAGMENT_SPREAD", summary: &summary)
                summary.spreads.append(SpreadRef(name: spread.name.value, offset: spread.offset))
                guard let index = fragments.indexByName[spread.name.value] else {
                    try report("Unknown fragment \"\(spread.name.value)\".", [spread.name.offset])
                    continue
                }
                let fragment = document.fragments[index]
                if let parent, let condition = schema.typeIndex[fragment.typeCondition.value],
                   case .object = schema.types[condition].shape, condition != parent
                {
                    try report(
                        "Fragment \"\(spread.name.value)\" cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(schema.types[condition].name)\".",
                        [spread.offset])
                }
            case .inlineFragment(let inline):
                try checkDirectives(inline.directives, location: "INLINE_FRAGMENT", summary: &summary)
                var type = parent
                if let condition = inline.typeCondition {
                    if let index = schema.typeIndex[condition.value] {
                        if case .object = schema.types[index].shape {
                            if let parent, parent != index {
                                try report(
                                    "Fragment cannot be spread here as objects of type \"\(schema.types[parent].name)\" can never be of type \"\(condition.value)\".",
                                    [inline.offset])
                            }
                            type = index
                        } else {
                            try report("Fragment cannot condition on non composite type \"\(condition.value)\".", [condition.offset])
                            type = nil
                        }
                    } else {
                        try reportUnknownType(condition)
                        type = nil
                    }
                }
                try checkSelectionSet(inline.selectionSet, parent: type, summary: &summary)
            }
        }
    }

    private mutating func checkField(_ field: Field, parent: Int?, summary: inout Summary) throws(Aborted) {
        let name = field.name.value
        var definition: FieldDefinition?
        if let parent {
            definition = schema.field(name, on: parent)
            if definition == nil, name != "__typename" {
                let type = schema.types[parent]
                let hint = Suggestions.didYouMean(Suggestions.list(name, options: type.fields.map(\.name)))
                try report("Cannot query field \"\(name)\" on type \"\(type.name)\".\(hint)", [field.offset])
            }
        }
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

        var childType: Int?
        if let definition {
            let kind = schema.kinds[definition.namedType]
            if kind == .scalar || kind == .enumeration {
                if let selectionSet = field.selectionSet {
                    try report(
                        "Field \"\(name)\" must not have a selection since type \"\(schema.describe(definition.type))\" has no subfields.",
                        [selectionSet.offset])
                }
            } else {
                childType = definition.namedType
                if field.selectionSet == nil {
                    try report(
                        "Field \"\(name)\" of type \"\(schema.describe(definition.type))\" must have a selection of subfields. Did you mean \"\(name) { ... }\"?",
                        [field.offset])
                }
            }
        }
        if let selectionSet = field.selectionSet {
            try checkSelectionSet(selectionSet, parent: childType, summary: &summary)
        }
    }

    /// KnownArgumentNames, UniqueArgumentNames, ProvidedRequiredArguments and the argument values.
    private mutating func checkArguments(
        _ arguments: [Argument], definitions: [InputValueDefinition]?, known: Bool,
        unknownMessage: (String) -> String, missingMessage: (String, String) -> String,
        at offset: Int, summary: inout Summary
    ) throws(Aborted) {
        var seen: [String: Int] = [:]
        for argument in arguments {
            let name = argument.name.value
            if let first = seen[name] {
                try report("There can be only one argument named \"\(name)\".", [first, argument.name.offset])
            } else {
                seen[name] = argument.name.offset
            }
            let definition = definitions?.first { $0.name == name }
            if known, definition == nil {
                let hint = Suggestions.didYouMean(Suggestions.list(name, options: definitions?.map(\.name) ?? []))
                try report(unknownMessage(name) + hint, [argument.offset])
            }
            try checkValue(argument.value, type: definition?.type, summary: &summary, locationHasDefault: definition?.defaultValue != nil)
        }
        for definition in definitions ?? [] where definition.type.isNonNull && definition.defaultValue == nil {
            if seen[definition.name] == nil {
                try report(missingMessage(definition.name, schema.describe(definition.type)), [offset])
            }
        }
    }

    mutating func checkDirectives(_ directives: [Directive], location: String, summary: inout Summary) throws(Aborted) {
        var seen: [String: Int] = [:]
        for directive in directives {
            let name = directive.name.value
            guard let definition = schema.directive(named: name) else {
                try report("Unknown directive \"@\(name)\".", [directive.offset])
                try checkArguments(
                    directive.arguments, definitions: nil, known: false, unknownMessage: { _ in "" },
                    missingMessage: { _, _ in "" }, at: directive.offset, summary: &summary)
                continue
            }
            if !definition.locations.contains(location) {
                try report("Directive \"@\(name)\" may not be used on \(location).", [directive.offset])
            }
            if let first = seen[name], !definition.isRepeatable {
                try report("The directive \"@\(name)\" can only be used once at this location.", [first, directive.offset])
            } else if seen[name] == nil {
                seen[name] = directive.offset
            }
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
