/// The fields of one object type as it is declared: each field has a name, an output type
/// composed as a value (`OutputType`: `.nonNull(.list(.nonNull(Types.cartLine)))`), a
/// description, its arguments when it has any, and a resolver that takes the parent (`Input`),
/// the arguments and the request's `Context`, and returns the Swift value the type stands for.
/// `Carrier` says how the parent reaches the fields.
public struct Fields<Carrier: ParentCarrier> {
    public typealias Context = Carrier.Context
    public typealias Input = Carrier.Input

    @usableFromInline let owner: String
    @usableFromInline var specs: [SchemaBuilder.FieldSpec] = []
    @usableFromInline var references: [TypeReference] = []

    @usableFromInline init(owner: String) {
        self.owner = owner
    }

    /// A field without arguments.
    @inlinable public mutating func field<Output: OutputType>(
        _ name: String, type: Output, _ description: String,
        _ resolve: @escaping @Sendable (Input, Context) throws -> Output.Value
    ) {
        add(name, type, description, [], Output.resolution { call in
            let input = try Carrier.input(call)
            return try Carrier.withContext(call) { try resolve(input, $0) }
        })
    }

    /// A field whose arguments are a `FieldArguments` struct, decoded once per call.
    @inlinable public mutating func field<Output: OutputType, Arguments: FieldArguments>(
        _ name: String, type: Output, _ description: String, arguments _: Arguments.Type,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> Output.Value
    ) {
        add(name, type, description, Arguments.arguments, Output.resolution { call in
            let input = try Carrier.input(call)
            let arguments = try Arguments(.of(call))
            return try Carrier.withContext(call) { try resolve(input, arguments, $0) }
        })
    }

    /// A field whose arguments are declared as values when the schema is built (a type built from data).
    @inlinable public mutating func field<Output: OutputType, Arguments>(
        _ name: String, type: Output, _ description: String, arguments: ArgumentList<Arguments>,
        _ resolve: @escaping @Sendable (Input, Arguments, Context) throws -> Output.Value
    ) {
        let decode = arguments.decode
        add(name, type, description, arguments.declarations, Output.resolution { call in
            let input = try Carrier.input(call)
            let arguments = try decode(.of(call))
            return try Carrier.withContext(call) { try resolve(input, arguments, $0) }
        })
    }

    @usableFromInline mutating func add<Output: OutputType>(
        _ name: String, _ type: Output, _ description: String, _ arguments: [ArgumentDeclaration], _ resolution: FieldResolution
    ) {
        references += type.namedTypes.map { reference in
            var placed = reference
            placed.place = "\(owner).\(name)"
            return placed
        }
        specs.append(.init(name, type.source, description, arguments: arguments, kind: resolution.kind))
    }
}
