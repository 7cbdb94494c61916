/// Asked while a request runs; true stops it at its next field (its client has gone; docs/http.md#the-server-under-pressure).
package typealias CancellationCheck = @Sendable () -> Bool

/// What one field costs, from its parent type's name, its name, its coerced arguments, whether it
/// answers a list (of objects), and the request's context.
package typealias FieldCost = @Sendable (_ type: String, _ field: String, _ arguments: JSONObject, _ returnsList: Bool, _ context: AnyObject?) -> FieldPrice

extension Executor {
    /// The `REQUEST_TOO_COMPLEX` error when the request costs more than `maxCost`; nil otherwise,
    /// with the root fields' coerced arguments kept in `rootArguments` for execution to reuse.
    ///
    /// A field costs its own work plus `times` × what its selections cost, through every level:
    /// page sizes multiply down nested connections, and every alias and fragment counts. Costed
    /// before any field runs, so a refused request changes nothing and returns no data; the same
    /// request always gets the same answer (no clock decides it). A field whose arguments do not
    /// coerce costs nothing here: it fails on its own when it runs.
    /// - Complexity: O(f) in the fields after fragment expansion (at most the field limit), times
    ///   the possible types of an abstract field.
    mutating func price(_ fields: [CollectedField], type: Int, with price: FieldCost, maxCost: Int) -> GraphQLError? {
        var total = 0
        var costliest: (name: String, cost: Int)?
        let typeName = schema.types[type].name
        func note(_ field: CollectedField, _ cost: Int) {
            total = Self.add(total, cost)
            if cost > (costliest?.cost ?? 0) { costliest = (field.responseKey, cost) }
        }
        if fields.count == 1 {
            // The usual request: its one root field's arguments go straight to `executeField`,
            // which reaches that field first, with no array to allocate.
            let (cost, coerced) = self.price(fields[0], parent: typeName, with: price)
            note(fields[0], cost)
            coercedArguments = coerced
        } else {
            var coerced: [Result<JSONObject, CoercionFailure>?] = []
            coerced.reserveCapacity(fields.count)
            for field in fields {
                let (cost, arguments) = self.price(field, parent: typeName, with: price)
                note(field, cost)
                coerced.append(arguments)
            }
            rootArguments = coerced
        }
        cost = total
        guard total > maxCost else { return nil }
        let shown = total == .max ? "more than \(Int.max)" : String(total)
        let named = costliest.map { " (\"\($0.name)\" costs the most: \($0.cost == .max ? "more than \(Int.max)" : String($0.cost)))" } ?? ""
        return GraphQLError(
            "The request costs \(shown), more than the limit of \(maxCost)\(named): ask for smaller pages, fewer nested lists, searches, facets or listings in one request, or shorter searches.",
            code: .requestTooComplex)
    }
}

extension Executor {
    /// A field's cost (its own, plus `times` × its selections'), and its arguments when it takes
    /// any (coerced once, for both).
    private mutating func price(
        _ field: CollectedField, parent: String, with price: FieldCost
    ) -> (cost: Int, arguments: Result<JSONObject, CoercionFailure>?) {
        guard let definition = field.definition else { return (0, nil) }
        var arguments: Result<JSONObject, CoercionFailure>?
        var values = JSONObject()
        if field.takesArguments {
            arguments = self.arguments(of: field)
            guard case .success(let coerced) = arguments else { return (0, arguments) }
            values = coerced
        }
        let index = field.namedType
        // A scalar or an enum does no work of its own that grows with the data.
        guard schema.kinds[index] != .scalar, schema.kinds[index] != .enumeration else { return (0, arguments) }
        let own = price(parent, definition.name, values, Self.isList(field.type), context)
        // Selections written no times cost nothing, and are not walked (the native shop prices
        // its root fields only: walking the rest cost a listing some 6,000 instructions).
        guard own.times > 0 else { return (max(0, own.own), arguments) }
        let below = selectionsCost(of: field, type: index, with: price)
        return (Self.add(max(0, own.own), Self.multiply(max(0, own.times), below)), arguments)
    }

    /// What the selections of `field` cost for one value of `type`: for an abstract type, the
    /// costliest of its possible types.
    private mutating func selectionsCost(of field: CollectedField, type: Int, with price: FieldCost) -> Int {
        guard schema.types[type].isAbstract else { return objectCost(of: field, type: type, with: price) }
        var most = 0
        for possible in schema.possibleTypes[type] { most = max(most, objectCost(of: field, type: possible, with: price)) }
        return most
    }

    /// What the fields selected under `field` cost for one object of `type`.
    private mutating func objectCost(of field: CollectedField, type: Int, with price: FieldCost) -> Int {
        guard schema.kinds[type] == .object else { return 0 }
        let kept = field.children(of: type) ?? field.keep(collectFields(type: type, under: field), of: type)
        let name = schema.types[type].name
        var total = 0
        kept._withUnsafeGuaranteedRef { children in
            for child in children.fields { total = Self.add(total, self.price(child, parent: name, with: price).cost) }
        }
        return total
    }

    /// `total + cost`, saturating: costs only need to be compared.
    private static func add(_ total: Int, _ cost: Int) -> Int {
        let (sum, overflow) = total.addingReportingOverflow(max(0, cost))
        return overflow ? .max : sum
    }

    /// Whether a type is a list, inside any non-null wrapper.
    private static func isList(_ type: TypeRef) -> Bool {
        switch type {
        case .list: true
        case .nonNull(let inner): isList(inner)
        case .named: false
        }
    }

    /// `times × cost`, saturating.
    private static func multiply(_ times: Int, _ cost: Int) -> Int {
        let (product, overflow) = times.multipliedReportingOverflow(by: cost)
        return overflow ? .max : product
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
