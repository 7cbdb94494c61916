import CheckoutSimGraphQL

/// The modeled fields of one Storefront object type, its parents typed (`Parent`), its
/// arguments read with keys and its answers typed (`FieldAnswer`). Each field is checked against
/// the API version's SDL as it is added: the type carries `Parent`, the answer fits the field's
/// type, each argument read is declared with that type. A field the version lacks is not bound.
struct ObjectFields<Parent: StorefrontObject> {
    let type: String
    private let facts: SchemaFacts
    private(set) var added: [(field: String, modeled: Modeled)] = []
    private(set) var problems: [String] = []
    /// `Type.field` of each field added that this version does not have.
    private(set) var absent: [String] = []

    init(_ type: String, facts: SchemaFacts) {
        self.type = type
        self.facts = facts
        if facts.kinds[type] != nil, !Parent.carries(type) { problems.append("\(type) does not travel as \(Parent.self)") }
    }

    /// A field without arguments.
    mutating func field<Answer: FieldAnswer>(
        _ name: String, _ answer: @escaping @Sendable (Parent, StorefrontContext) throws -> Answer
    ) {
        guard check(name, Answer.mismatch) else { return }
        added.append((name, .general { call, context in
            try answer(Parent.parent(of: call), context).answer(in: call.executedSchema)
        }))
    }

    /// A field with one argument read.
    mutating func field<Answer: FieldAnswer, Value>(
        _ name: String, _ key: ArgumentKey<Value>, _ answer: @escaping @Sendable (Parent, Value, StorefrontContext) throws -> Answer
    ) {
        guard check(name, Answer.mismatch, arguments: [key.declaration]) else { return }
        added.append((name, .general { call, context in
            try answer(Parent.parent(of: call), ArgumentValues.of(call)[key], context).answer(in: call.executedSchema)
        }))
    }

    /// A field with two arguments read.
    mutating func field<Answer: FieldAnswer, First, Second>(
        _ name: String, _ first: ArgumentKey<First>, _ second: ArgumentKey<Second>,
        _ answer: @escaping @Sendable (Parent, First, Second, StorefrontContext) throws -> Answer
    ) {
        guard check(name, Answer.mismatch, arguments: [first.declaration, second.declaration]) else { return }
        added.append((name, .general { call, context in
            let values = ArgumentValues.of(call)
            return try answer(Parent.parent(of: call), values[first], values[second], context).answer(in: call.executedSchema)
        }))
    }

    /// A field with three arguments read.
    mutating func field<Answer: FieldAnswer, First, Second, Third>(
        _ name: String, _ first: ArgumentKey<First>, _ second: ArgumentKey<Second>, _ third: ArgumentKey<Third>,
        _ answer: @escaping @Sendable (Parent, First, Second, Third, StorefrontContext) throws -> Answer
    ) {
        guard check(name, Answer.mismatch, arguments: [first.declaration, second.declaration, third.declaration]) else { return }
        added.append((name, .general { call, context in
            let values = ArgumentValues.of(call)
            return try answer(Parent.parent(of: call), values[first], values[second], values[third], context).answer(in: call.executedSchema)
        }))
    }

    /// A connection field: its paging arguments (those it declares) and one argument more.
    mutating func connection<Answer: FieldAnswer, Value>(
        _ name: String, _ key: ArgumentKey<Value>,
        _ answer: @escaping @Sendable (Parent, PagingArguments, Value, StorefrontContext) throws -> Answer
    ) {
        let arguments = PagingArguments.arguments + [key.declaration]
        guard check(name, Answer.mismatch, arguments: arguments, ifDeclared: PagingArguments.argumentsIfDeclared) else { return }
        added.append((name, .general { call, context in
            try answer(Parent.parent(of: call), PagingArguments(call), ArgumentValues.of(call)[key], context).answer(in: call.executedSchema)
        }))
    }

    /// A connection field: its paging arguments (those it declares) and two arguments more.
    mutating func connection<Answer: FieldAnswer, First, Second>(
        _ name: String, _ first: ArgumentKey<First>, _ second: ArgumentKey<Second>,
        _ answer: @escaping @Sendable (Parent, PagingArguments, First, Second, StorefrontContext) throws -> Answer
    ) {
        let arguments = PagingArguments.arguments + [first.declaration, second.declaration]
        guard check(name, Answer.mismatch, arguments: arguments, ifDeclared: PagingArguments.argumentsIfDeclared) else { return }
        added.append((name, .general { call, context in
            let values = ArgumentValues.of(call)
            return try answer(Parent.parent(of: call), PagingArguments(call), values[first], values[second], context).answer(in: call.executedSchema)
        }))
    }

    /// A field whose arguments are read as one struct.
    mutating func field<Answer: FieldAnswer, Arguments: StorefrontArguments>(
        _ name: String, _: Arguments.Type, _ answer: @escaping @Sendable (Parent, Arguments, StorefrontContext) throws -> Answer
    ) {
        guard check(name, Answer.mismatch, arguments: Arguments.arguments, ifDeclared: Arguments.argumentsIfDeclared) else { return }
        added.append((name, .general { call, context in
            try answer(Parent.parent(of: call), Arguments(call), context).answer(in: call.executedSchema)
        }))
    }

    /// A `String`, `ID`, enum or text-written custom scalar field, written straight into the response.
    mutating func text(_ name: String, _ read: @escaping @Sendable (Parent, StorefrontContext) throws -> String?) {
        guard check(name, Resolved.mismatch) else { return }
        added.append((name, .text { call, context in try read(Parent.parent(of: call), context) }))
    }

    /// A text field kept at `slot` of its object's texts (`KeptTexts`); `read` answers for an
    /// object without them.
    mutating func kept(_ name: String, slot: Int, _ read: @escaping @Sendable (Parent, StorefrontContext) throws -> String?) {
        guard check(name, Resolved.mismatch) else { return }
        added.append((name, .kept(slot: slot, fallback: { call, context in try read(Parent.parent(of: call), context) })))
    }

    /// A `Boolean` field.
    mutating func boolean(_ name: String, _ read: @escaping @Sendable (Parent, StorefrontContext) throws -> Bool?) {
        guard check(name, { type, _ in type.namedType.value == "Boolean" ? nil : "answers a Boolean where the schema says \(type)" }) else { return }
        added.append((name, .boolean { call, context in try read(Parent.parent(of: call), context) }))
    }

    /// Whether the version has `name`; a problem for each way the field's binding disagrees with it.
    private mutating func check(
        _ name: String, _ mismatch: (TypeNode, SchemaFacts) -> String?, arguments: [ArgumentDeclaration] = [],
        ifDeclared: [ArgumentDeclaration] = []
    ) -> Bool {
        let key = "\(type).\(name)"
        guard let fieldType = facts.fieldTypes[key] else {
            absent.append(key)
            return false
        }
        if let problem = mismatch(fieldType, facts) { problems.append("\(key) \(problem)") }
        let declared = facts.fieldArguments[key] ?? []
        for argument in arguments + ifDeclared {
            // A nullable read takes a non-null argument's values too.
            guard let sdl = declared.first(where: { $0.name == argument.name })?.type.description else {
                if !ifDeclared.contains(where: { $0.name == argument.name }) {
                    problems.append("\(key) reads the argument \(argument.name), which it does not declare")
                }
                continue
            }
            if sdl != argument.type, sdl != argument.type + "!" {
                problems.append("\(key) reads the argument \(argument.name) as \(argument.type), which it declares \(sdl)")
            }
        }
        return true
    }
}

/// A field's arguments read as one struct: each argument it reads declared with its type
/// (checked against the SDL), read once per call.
protocol StorefrontArguments: Sendable {
    /// The arguments read, as the SDL must declare them.
    static var arguments: [ArgumentDeclaration] { get }
    /// The arguments read where the field declares them (a connection's paging arguments).
    static var argumentsIfDeclared: [ArgumentDeclaration] { get }
    init(_ call: borrowing FieldCall) throws(FieldError)
}

extension StorefrontArguments {
    static var argumentsIfDeclared: [ArgumentDeclaration] { [] }
}
