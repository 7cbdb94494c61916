/// What the walk hands a rule at each point (`ValidationRule`): the node and what the walk worked
/// out about it, so that no rule looks up what another already found.
extension Validator {
    /// An operation's or fragment's name, with where the first definition with that name is.
    struct NameNode {
        /// Where the definition starts.
        let offset: Int
        /// The definition's name; nil for an anonymous operation.
        let name: Name?
        /// Where an earlier definition of the same kind has this name (its name's offset); nil when none.
        let firstOffset: Int?
    }

    /// A fragment definition's or inline fragment's type condition.
    struct TypeConditionNode {
        let condition: Name
        /// The fragment's name; nil for an inline fragment.
        let fragment: String?
        /// The type it names; nil when the schema has none.
        let type: Int?
    }

    /// A variable definition.
    struct VariableNode {
        /// The operation's definitions, and this one's index among them (the document's index): the
        /// list is retained once, where copying the definition retained its name, type and default
        /// (Benchmarks/NOTES.md, issue 43).
        let variables: ArraySlice<VariableDefinition>
        let index: Int
        /// The definition; read it only to report.
        var definition: VariableDefinition { variables[index] }
        /// The type its type names; nil when the schema has none.
        let namedType: Int?
        /// Where an earlier definition of the same name in the operation has its name; nil when none.
        let firstOffset: Int?
    }

    /// A directive where it is written.
    struct DirectiveNode {
        let directive: Directive
        let location: DirectiveLocation
        /// Its definition; nil for a directive the schema does not know.
        let definition: DirectiveDefinition?
        /// Where the same directive appeared earlier in this place; nil when it did not.
        let firstOffset: Int?
    }

    /// A field, with the type it is selected on and its definition there. The field itself is
    /// `validator.document[node.id]`: read it only to report, copying it for every field costs.
    struct FieldNode {
        let id: FieldID
        /// Where the field starts.
        let offset: Int
        /// Its sub-selection, if it has one.
        let selectionSet: SelectionSet?
        /// The type the field is selected on; nil when that is unknown.
        let parent: Int?
        /// The field's definition; nil when the parent does not define it (or is unknown).
        /// Unowned: the schema holds its definitions for the whole validation, and a node lives
        /// only while the rules at its field run. Checked in debug builds (`unowned`: a read
        /// after it was freed traps there).
        #if DEBUG
        unowned let definition: FieldDefinition?
        #else
        unowned(unsafe) let definition: FieldDefinition?
        #endif
        /// The definition's named type, copied: the rules at every field read it, and a strong
        /// reference made from `definition` to read it was a retain and a release each time.
        let namedType: Int?
    }

    /// Whose arguments these are, for the messages that name it.
    enum ArgumentOwner {
        /// The field `id` on the type `parent` (nil when unknown); its name is read from the
        /// document only for a message (carried as a `String`, it was retained and released for
        /// every field with arguments).
        case field(FieldID, parent: Int?)
        /// The directive `name`.
        case directive(name: String)
        /// A directive the schema does not know: its arguments are not checked against anything.
        case unknownDirective
    }

    /// An argument of a field or directive. The argument itself is
    /// `validator.document.arguments[node.index]`: read it only to report.
    struct ArgumentNode {
        let index: Int
        let owner: ArgumentOwner
        /// The owner's argument definitions; nil when the owner is unknown.
        let definitions: [InputValueDefinition]?
        /// Whether the owner defines the argument.
        let isDefined: Bool
        /// Where an argument of the same name was written earlier on the same owner.
        let firstOffset: Int?
    }

    /// The arguments of a field or directive, after the last.
    struct ArgumentsNode {
        let owner: ArgumentOwner
        let definitions: [InputValueDefinition]?
        /// The arguments written.
        let arguments: Arguments
        /// Where the field or directive is.
        let offset: Int
    }

    /// A fragment spread, with the fragment it names.
    struct SpreadNode {
        let spread: FragmentSpread
        /// The type the spread is written in; nil when that is unknown.
        let parent: Int?
        /// The fragment's index in `Document.fragments`; nil when the document has none by that name.
        let fragment: Int?
        /// The type the fragment conditions on; nil when unknown.
        let condition: Int?
    }

    /// An inline fragment whose condition names an object type.
    struct InlineFragmentNode {
        let inline: InlineFragment
        let parent: Int?
        let condition: Int
    }

    /// A value and the type it must have (never a variable: those are usages).
    struct ValueNode {
        let value: Value
        let type: TypeRef
    }

    /// A field of an input object value.
    struct InputFieldNode {
        /// The object's fields as written, and this one's position among them: the list is
        /// retained once, where copying the field retained its name and value.
        let provided: [ObjectField]
        let position: Int
        /// The field; read it only to report.
        var field: ObjectField { provided[position] }
        /// The input object type, by index (read it only to report).
        let type: Int
        /// Whether the input type defines the field.
        let isDefined: Bool
        /// Where a field of the same name was written earlier in the same object.
        let firstOffset: Int?
    }

    /// An input object value, after its fields.
    struct InputObjectNode {
        let value: Value
        /// The input object type, by index (read it only to report).
        let type: Int
        let fields: [InputValueDefinition]
        /// The fields written.
        let provided: [ObjectField]
    }

    /// An operation after its selections, with the variables it and its fragments use.
    /// A definition's *position* counts from the operation's first definition.
    struct OperationUsageNode {
        let operation: OperationDefinition
        /// Its variable definitions, where they lie in the document.
        let variables: ArraySlice<VariableDefinition>
        /// The types of its variable definitions, by position; nil when unknown or not an input type.
        let types: [TypeRef?]
        /// Positions in `operation.variables` by name (the first definition of each name).
        let definedByName: NameMap
        /// Every usage in the operation and the fragments it reaches, in the order reached.
        let usages: [VariableUsage]
        /// For each usage, the position in `operation.variables` of its variable; nil when it is undefined.
        let definitions: [Int?]

        /// The definition at `position`, read in place.
        subscript(variable position: Int) -> VariableDefinition {
            _read { yield variables[variables.startIndex + position] }
        }
    }
}
