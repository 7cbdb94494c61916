/// An argument or input field: name, type as GraphQL writes it, description and a default
/// written as GraphQL source (`"10"`, `"\"text\""`).
public struct ArgumentSpec: Sendable {
    let name: String
    let type: String
    let description: String
    let defaultValue: String?

    /// An argument; `defaultValue` is GraphQL source, checked against the type when the schema is built.
    public init(_ name: String, _ type: String, _ description: String, default defaultValue: String? = nil) {
        self.name = name
        self.type = type
        self.description = description
        self.defaultValue = defaultValue
    }
}
