/// Asked while a request runs; true stops it at its next field (its client has gone; docs/http.md#the-server-under-pressure).
package typealias CancellationCheck = @Sendable () -> Bool

/// What one root field costs, from its name, its coerced arguments and the request's context.
typealias RootCost = @Sendable (_ field: String, _ arguments: JSONObject, _ context: AnyObject?) -> Int

extension Executor {
    /// The `REQUEST_TOO_COMPLEX` error when the root fields cost more than `maxCost` in all; nil
    /// otherwise, with their coerced arguments kept in `rootArguments` for execution to reuse.
    ///
    /// Costed before any field runs, so a refused request changes nothing and returns no data;
    /// the same request always gets the same answer (no clock decides it). A field whose
    /// arguments do not coerce costs nothing here: it fails on its own when it runs.
    /// - Complexity: O(f) in the root fields after fragment expansion (at most the field limit).
    mutating func price(_ fields: [CollectedField], with price: RootCost, maxCost: Int) -> GraphQLError? {
        var total = 0
        if fields.count == 1 {
            // The usual request: its one root field's arguments go straight to `executeField`,
            // which reaches that field first, with no array to allocate.
            let (cost, coerced) = self.price(fields[0], with: price)
            total = cost
            coercedArguments = coerced
        } else {
            var coerced: [Result<JSONObject, CoercionFailure>?] = []
            coerced.reserveCapacity(fields.count)
            for field in fields {
                let (cost, arguments) = self.price(field, with: price)
                total = Self.add(total, cost)
                coerced.append(arguments)
            }
            rootArguments = coerced
        }
        cost = total
        guard total > maxCost else { return nil }
        let shown = total == .max ? "more than \(Int.max)" : String(total)
        return GraphQLError(
            "The request costs \(shown), more than the limit of \(maxCost): ask for fewer searches, facets or listings in one request, or shorter searches.",
            code: .requestTooComplex)
    }
}

extension Executor {
    /// One root field's cost, and its arguments when it takes any (coerced once, for both).
    private func price(_ field: CollectedField, with price: RootCost) -> (cost: Int, arguments: Result<JSONObject, CoercionFailure>?) {
        guard let definition = field.definition else { return (0, nil) }
        guard field.takesArguments else { return (max(0, price(definition.name, JSONObject(), context)), nil) }
        let arguments = self.arguments(of: field)
        guard case .success(let values) = arguments else { return (0, arguments) }
        return (max(0, price(definition.name, values, context)), arguments)
    }

    /// `total + cost`, saturating: costs only need to be compared.
    private static func add(_ total: Int, _ cost: Int) -> Int {
        let (sum, overflow) = total.addingReportingOverflow(max(0, cost))
        return overflow ? .max : sum
    }

    /// Whether to stop now: asked before each root field after the first (a mutation's fields
    /// run one by one and may each take long) and every 64 objects below, so a request that
    /// finishes quickly asks nothing.
    mutating func shouldStop(atRoot: Bool) -> Bool {
        if wasCancelled { return true }
        if !atRoot {
            objectsSinceCheck += 1
            guard objectsSinceCheck >= 64 else { return false }
        }
        guard let cancelled else { return false }
        objectsSinceCheck = 0
        wasCancelled = cancelled()
        return wasCancelled
    }
}
