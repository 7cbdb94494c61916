/// Asked while a request runs; true stops it at its next field (its client has gone, SPEC §4).
public typealias CancellationCheck = @Sendable () -> Bool

/// What one root field costs, from its name, its coerced arguments and the request's context.
typealias RootCost = @Sendable (_ field: String, _ arguments: JSONObject, _ context: AnyObject?) -> Int

extension Executor {
    /// The `REQUEST_TOO_COMPLEX` error when the root fields cost more than `maxCost` in all; nil otherwise.
    ///
    /// Costed before any field runs, so a refused request changes nothing and returns no data;
    /// the same request always gets the same answer (no clock decides it). A field whose
    /// arguments do not coerce costs nothing here: it fails on its own when it runs.
    /// - Complexity: O(f) in the root fields after fragment expansion (at most the field limit).
    func refusal(of fields: [CollectedField], price: RootCost, maxCost: Int) -> GraphQLError? {
        var total = 0
        for field in fields {
            guard let definition = field.definition, case .success(let arguments) = self.arguments(of: field) else { continue }
            let (sum, overflow) = total.addingReportingOverflow(max(0, price(definition.name, arguments, context)))
            total = overflow ? .max : sum
        }
        guard total > maxCost else { return nil }
        let shown = total == .max ? "more than \(Int.max)" : String(total)
        return GraphQLError(
            "The request costs \(shown), more than the limit of \(maxCost): ask for fewer searches, facets or listings in one request, or shorter searches.",
            code: .requestTooComplex)
    }
}

extension Executor {
    /// Whether to stop now: asked before each root field after the first (a mutation's fields
    /// run one by one and may each take long) and every 256 fields below, so a request that
    /// finishes quickly asks nothing.
    mutating func shouldStop(atRoot: Bool) -> Bool {
        if wasCancelled { return true }
        fieldsSinceCheck += 1
        guard atRoot || fieldsSinceCheck >= 256, let cancelled else { return false }
        fieldsSinceCheck = 0
        wasCancelled = cancelled()
        return wasCancelled
    }
}
