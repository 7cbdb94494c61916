import CheckoutSimGraphQL

/// The dialects besides `native` a scenario's sends may speak (docs/scenarios.md#dialects): what a
/// `dialect` line or an `endpoint` path names, and each one's schema, made when a file first uses it.
///
/// A dialect travels to the runner as its resolved name (`storefront 2025-01`), which the target
/// reads back (`ScenarioTarget.execute(_:session:dialect:)`).
package struct ScenarioDialects: Sendable {
    /// How a `dialect` line may name them, for the error that lists what is expected.
    package let forms: [String]
    /// The resolved name `text` names (a `dialect` line's words); nil when it names none.
    package let resolve: @Sendable (String) -> String?
    /// The resolved name an `endpoint PATH` sends to; nil when the path is no endpoint of theirs.
    package let endpoint: @Sendable (String) -> String?
    /// The schema of a resolved name.
    package let schema: @Sendable (String) -> Schema?

    package init(
        forms: [String], resolve: @escaping @Sendable (String) -> String?, endpoint: @escaping @Sendable (String) -> String?,
        schema: @escaping @Sendable (String) -> Schema?
    ) {
        self.forms = forms
        self.resolve = resolve
        self.endpoint = endpoint
        self.schema = schema
    }

    /// No other dialect: only `native`.
    package static let none = ScenarioDialects(forms: [], resolve: { _ in nil }, endpoint: { _ in nil }, schema: { _ in nil })
}
