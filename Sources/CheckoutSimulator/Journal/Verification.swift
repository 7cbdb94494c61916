import CheckoutSimGraphQL
import CheckoutSimScenarios
import CheckoutSimSupport

extension Simulator {
    /// What a verification expects of the journal: requests of one operation, optionally in one
    /// session and with variables that contain some values, a number of times (docs/journal.md).
    public struct RequestPattern: Sendable, Equatable {
        /// The operation's name.
        public var operation: String
        /// The session, when it matters.
        public var session: String?
        /// Values the variables must contain (objects matched as subsets, other values exactly).
        public var variables: JSONObject?
        /// Exactly this many matches; `atLeast` and `atMost` bound them instead. None: at least one.
        public var count: Int?
        public var atLeast: Int?
        public var atMost: Int?

        /// A pattern; without any count bound it expects at least one match.
        public init(operation: String, session: String? = nil, variables: JSONObject? = nil, count: Int? = nil, atLeast: Int? = nil, atMost: Int? = nil) {
            self.operation = operation
            self.session = session
            self.variables = variables
            self.count = count
            self.atLeast = atLeast
            self.atMost = atMost
        }

        /// The largest pattern body, in bytes (docs/journal.md, "Verifying").
        static let maxBytes = 64 << 10
        /// The deepest nesting of the variables a pattern names (objects and arrays).
        static let maxDepth = 8
        /// The most values (members and items, at any depth) the variables a pattern names may hold.
        static let maxValues = 256

        /// Reads `{"operation", "session"?, "variables"?, "count"?, "atLeast"?, "atMost"?}`, bounded
        /// in bytes, depth and values so that comparing it with an entry costs a bounded amount.
        package static func parse(_ body: [UInt8]) -> Result<RequestPattern, BadRequest> {
            let shape = #"Send {"operation": "AddToCart", "session"?: "…", "variables"?: {…}, "count"? | "atLeast"? | "atMost"?: 0…1000000}."#
            guard body.count <= maxBytes else {
                return .failure(BadRequest("A pattern is at most \(maxBytes) bytes; this one is \(body.count). " + shape))
            }
            guard case .object(let object)? = try? JSONParser.parse(body, maxDepth: maxDepth + 1), case .string(let operation)? = object["operation"] else {
                return .failure(BadRequest("Expected a JSON object naming an operation, its variables nested at most \(maxDepth) deep. " + shape))
            }
            guard NetworkFault.isOperationName(operation) else {
                return .failure(BadRequest("\"operation\" must be an operation's name, like AddToCart. " + shape))
            }
            var pattern = RequestPattern(operation: operation)
            for (key, value) in zip(object.keys, object.values) where key != "operation" {
                switch (key, value) {
                case ("session", .string(let session)): pattern.session = session
                case ("variables", .object(let variables)) where Self.values(in: value, upTo: maxValues + 1) <= maxValues: pattern.variables = variables
                case ("count", .int(let number)) where (0...1_000_000).contains(number): pattern.count = number
                case ("atLeast", .int(let number)) where (0...1_000_000).contains(number): pattern.atLeast = number
                case ("atMost", .int(let number)) where (0...1_000_000).contains(number): pattern.atMost = number
                case ("variables", .object):
                    return .failure(BadRequest("\"variables\" names more than \(maxValues) values; a pattern names the few that matter. " + shape))
                default: return .failure(BadRequest("\"\(key)\" is unknown or out of range. " + shape))
                }
            }
            if pattern.count != nil, pattern.atLeast != nil || pattern.atMost != nil {
                return .failure(BadRequest("Give count, or atLeast and atMost, not both. " + shape))
            }
            if let low = pattern.atLeast, let high = pattern.atMost, low > high {
                return .failure(BadRequest("atLeast (\(low)) is more than atMost (\(high)): no count could meet both. " + shape))
            }
            return .success(pattern)
        }

        /// How many values `json` holds below itself, counting no further than `limit`.
        private static func values(in json: JSON, upTo limit: Int) -> Int {
            var counted = 0
            var pending = [json]
            while let value = pending.popLast(), counted < limit {
                switch value {
                case .object(let object): counted += object.count; pending += object.values
                case .array(let items): counted += items.count; pending += items
                default: break
                }
            }
            return counted
        }

        /// The bounds as words: `exactly 2`, `at least 1`, `between 1 and 3`.
        var expectation: String {
            let what = "\(operation) request" + (session.map { " in session \($0)" } ?? "") + (variables.map { " with variables containing \(JSON.object($0).serialized())" } ?? "")
            if let count { return "exactly \(count) \(what)\(count == 1 ? "" : "s")" }
            switch (atLeast, atMost) {
            case let (low?, high?): return "between \(low) and \(high) \(what)s"
            case let (nil, high?): return "at most \(high) \(what)\(high == 1 ? "" : "s")"
            default: return "at least \(atLeast ?? 1) \(what)\((atLeast ?? 1) == 1 ? "" : "s")"
            }
        }

        /// Whether `count` matches meet the bounds.
        func accepts(_ matches: Int) -> Bool {
            if let count { return matches == count }
            return matches >= (atLeast ?? (atMost == nil ? 1 : 0)) && matches <= (atMost ?? .max)
        }

        /// How far `entry` is from the pattern: one for another operation, one for another
        /// session, one per variable path that differs; nothing is built to count it.
        func distance(to entry: JournalEntry) -> Int {
            var distance = (entry.operationName == operation ? 0 : 1) + (session.map { entry.session == $0 ? 0 : 1 } ?? 0)
            if let variables { Self.walk(variables, against: entry.variables, at: nil) { _, _, _ in distance += 1 } }
            return distance
        }

        /// What `entry` has that the pattern does not: the operation, the session, each variable path.
        func differences(from entry: JournalEntry) -> [Difference] {
            var found: [Difference] = []
            if entry.operationName != operation {
                found.append(Difference(field: "operation", expected: .string(operation), found: entry.operationName.map(JSON.string)))
            }
            if let session, entry.session != session {
                found.append(Difference(field: "session", expected: .string(session), found: .string(entry.session)))
            }
            if let variables {
                Self.walk(variables, against: entry.variables, at: "variables") { place, expected, other in
                    found.append(Difference(field: place ?? "", expected: expected, found: other))
                }
            }
            return found
        }

        /// Calls `differ` for each value of `expected` that `actual` does not match (objects as
        /// subsets, other values as scenario `contains` matches them), with its path when `path`
        /// is given — `distance` passes none, so counting builds no text.
        private static func walk(
            _ expected: JSONObject, against actual: JSONObject, at path: String?, _ differ: (String?, JSON, JSON?) -> Void
        ) {
            for (key, value) in zip(expected.keys, expected.values) {
                let place = path.map { $0 + "." + key }
                switch (value, actual[key]) {
                case (.object(let inner), .object(let other)?): walk(inner, against: other, at: place, differ)
                case (_, let other?) where ValueMatcher.matches(other, value): continue
                case (_, let other): differ(place, value, other)
                }
            }
        }
    }

    /// One way an entry differs from a pattern: the field (`operation`, `session` or a variable's
    /// path such as `variables.quantity`), what the pattern wanted and what the entry has (nil: absent).
    public struct Difference: Sendable, Equatable {
        public let field: String
        public let expected: JSON
        public let found: JSON?
    }

    /// An entry close to a pattern it does not match, and how it differs.
    public struct NearMiss: Sendable, Equatable {
        public let entry: JournalEntry
        public let differences: [Difference]
    }

    /// The outcome of `verify`: whether the bounds held, how many entries matched, and when they
    /// did not, the nearest misses.
    public struct Verification: Sendable, Equatable {
        public let passed: Bool
        public let count: Int
        /// The bounds as words, `exactly 2 AddToCart requests with variables containing {…}`.
        public let expected: String
        /// Up to three entries closest to the pattern, nearest first (when too few matched).
        public let nearMisses: [NearMiss]

        /// `{"ok": true, "count": N}`, or with `expected` and `nearMisses` when it failed.
        public var json: JSON {
            var object = JSONObject([("ok", .bool(passed)), ("count", .int(count))])
            guard !passed else { return .object(object) }
            object.append("expected", .string(expected))
            object.append("nearMisses", .array(nearMisses.map { miss in
                .object(JSONObject([
                    ("seq", .int(miss.entry.seq)),
                    ("operationName", miss.entry.operationName.map(JSON.string) ?? .null),
                    ("session", .string(miss.entry.session)),
                    ("variables", .object(miss.entry.variables)),
                    ("differences", .array(miss.differences.map { difference in
                        .object(JSONObject([
                            ("field", .string(difference.field)), ("expected", difference.expected), ("found", difference.found ?? .null),
                        ]))
                    })),
                ]))
            }))
            return .object(object)
        }
    }

    /// Checks the journal against `pattern` (docs/journal.md, "Verifying").
    ///
    /// Near misses are ranked by distance — one for a different operation, one for a different
    /// session, one per variable path that differs — then the newest first. While some entry has
    /// the pattern's operation, an entry of another operation is a near miss only when it shares a
    /// variable the pattern names; when none has, the nearest entries of any operation are.
    /// Entries are measured, not copied: only the three kept are described, so a verification
    /// costs memory independent of the journal's length.
    public func verify(_ pattern: RequestPattern) -> Verification {
        let entries = journal.withLock { $0.kept }
        var matched = 0
        var sameOperation = false
        // The nearest misses so far, nearest first; the other kind (another operation) kept apart
        // until it is known whether any entry has the pattern's operation.
        var nearest: [(distance: Int, seq: Int, index: Int)] = []
        var nearestElsewhere: [(distance: Int, seq: Int, index: Int)] = []
        let variableCount = pattern.variables?.count ?? 0
        func keep(_ candidate: (distance: Int, seq: Int, index: Int), in list: inout [(distance: Int, seq: Int, index: Int)]) {
            let place = list.firstIndex { (candidate.distance, -candidate.seq) < ($0.distance, -$0.seq) } ?? list.endIndex
            guard place < 3 else { return }
            list.insert(candidate, at: place)
            if list.count > 3 { list.removeLast() }
        }
        for index in entries.indices {
            let entry = entries[index]
            let distance = pattern.distance(to: entry)
            if distance == 0 {
                matched += 1
            } else if entry.operationName == pattern.operation {
                sameOperation = true
                keep((distance, entry.seq, index), in: &nearest)
            } else if distance < 1 + variableCount {
                keep((distance, entry.seq, index), in: &nearest)
            } else {
                keep((distance, entry.seq, index), in: &nearestElsewhere)
            }
        }
        if matched > 0 { sameOperation = true }
        if !sameOperation {
            for candidate in nearestElsewhere { keep(candidate, in: &nearest) }
        }
        let passed = pattern.accepts(matched)
        let tooFew = matched < (pattern.count ?? pattern.atLeast ?? (pattern.atMost == nil ? 1 : 0))
        let misses = passed || !tooFew ? [] : nearest.map { NearMiss(entry: entries[$0.index], differences: pattern.differences(from: entries[$0.index])) }
        return Verification(passed: passed, count: matched, expected: pattern.expectation, nearMisses: misses)
    }
}
