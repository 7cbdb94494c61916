/// Asked while a request runs; true stops it at its next field (its client has gone; docs/http.md#the-server-under-pressure).
package typealias CancellationCheck = @Sendable () -> Bool

/// What one field costs, from its parent type's name, its name, its coerced arguments, whether it
/// answers a list (of objects), and the request's context.
package typealias FieldCost = @Sendable (_ type: String, _ field: String, _ arguments: JSONObject, _ returnsList: Bool, _ context: AnyObject?) -> FieldPrice

extension Executor {
    /// The refusal of a request over its limits by `rule`, before anything of it runs: over
    /// `maxComplexity` by Shopify's complexity (`MAX_COMPLEXITY_EXCEEDED`, with `cost` and
    /// `maxCost`), else over `maxCost` by the simulator's budget (`rule.refusal`, naming the
    /// costliest root field); nil when it may run. The root fields' coerced arguments are kept in
    /// `rootArguments` for execution to reuse, and `cost` is what the budget counted.
    mutating func refusal(of fields: [CollectedField], type: Int, by rule: CostRule, limits: RequestLimits) -> GraphQLError? {
        if let complexity = rule.complexity, let maxComplexity = limits.maxComplexity {
            let (total, _) = price(fields, type: type, with: complexity)
            if total > maxComplexity {
                var error = GraphQLError(
                    "The query's complexity is \(Self.shown(total)), more than the \(maxComplexity) allowed without an access token: send one (X-Shopify-Storefront-Access-Token), or ask for smaller pages and fewer nested connections.",
                    code: .maxComplexityExceeded)
                error.extensions.append("cost", .int(total))
                error.extensions.append("maxCost", .int(maxComplexity))
                return error
            }
        }
        let (total, costliest) = price(fields, type: type, with: rule.price)
        cost = total
        guard total > limits.maxCost else { return nil }
        let named = costliest.map { " (\"\($0.name)\" costs the most: \(Self.shown($0.cost)))" } ?? ""
        return GraphQLError(
            "The request costs \(Self.shown(total)), more than the limit of \(limits.maxCost)\(named): ask for smaller pages, fewer nested lists, searches, facets or listings in one request, or shorter searches.",
            code: rule.refusal)
    }

    /// A saturated cost as a message shows it.
    private static func shown(_ cost: Int) -> String {
        cost == .max ? "more than \(Int.max)" : String(cost)
    }

    /// What `fields` cost by `price`, through every level, and the costliest of them by response key.
    ///
    /// A field costs its own work plus `times` × what its selections cost, through every level:
    /// page sizes multiply down nested connections, and every alias and fragment counts. The same
    /// request always gets the same answer (no clock decides it). A field whose arguments do not
    /// coerce costs nothing here: it fails on its own when it runs.
    /// - Complexity: O(f) in the fields after fragment expansion (at most the field limit), times
    ///   the possible types of an abstract field.
    private mutating func price(_ fields: [CollectedField], type: Int, with price: FieldCost) -> (total: Int, costliest: (name: String, cost: Int)?) {
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
        return (total, costliest)
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
