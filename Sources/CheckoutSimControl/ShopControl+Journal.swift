import Foundation

extension ShopControl {
    /// One GraphQL request the shop answered, as its journal keeps it (docs/journal.md).
    public struct JournalEntry: Sendable, Equatable, Decodable {
        /// 1, 2, … since the last reset.
        public let seq: Int
        /// The virtual clock when it ran, ISO 8601.
        public let at: String
        public let session: String
        /// `http`, `urlprotocol`, `stdio` or `library`.
        public let transport: String
        public let operationName: String?
        /// `query` or `mutation`.
        public let operationType: String?
        public let query: String
        public let variables: [String: Value]
        /// The HTTP status it got (0 when no response came).
        public let status: Int
        public let errorCodes: [String]
        /// The network fault it met (`drop`, `fail 503`, …), or nil.
        public let fault: String?
    }

    private struct JournalPage: Decodable {
        let requests: [JournalEntry]
    }

    /// The journal's entries that match, oldest first: of `operation`, in `session`, with
    /// variables containing `variables` (objects as subsets, other values exactly).
    public func requests(operation: String? = nil, session: String? = nil, variables: [String: Value]? = nil) async throws -> [JournalEntry] {
        var query: [URLQueryItem] = []
        if let operation { query.append(URLQueryItem(name: "operation", value: operation)) }
        if let session { query.append(URLQueryItem(name: "session", value: session)) }
        if let variables { query.append(URLQueryItem(name: "variables", value: Value.object(variables).description)) }
        let (status, data) = try await exchange("GET", "__sim/requests", query: query)
        guard status == 200 else { throw ControlError(status: status, data: data) }
        return try JSONDecoder().decode(JournalPage.self, from: data).requests
    }

    /// Empties the journal alone; the shop's state stays.
    public func clearRequests() async throws {
        let (status, data) = try await exchange("DELETE", "__sim/requests")
        guard status == 200 else { throw ControlError(status: status, data: data) }
    }

    /// Checks that the app sent `operation` (in `session`, with variables containing
    /// `variables`) `count` times exactly, or between `atLeast` and `atMost`; at least once by
    /// default. Returns how many matched; throws `VerificationFailure`, whose description lists
    /// the near misses, when the count is wrong.
    @discardableResult
    public func verify(
        _ operation: String, session: String? = nil, variables: [String: Value]? = nil, count: Int? = nil, atLeast: Int? = nil,
        atMost: Int? = nil
    ) async throws -> Int {
        var pattern: [String: Value] = ["operation": .string(operation)]
        if let session { pattern["session"] = .string(session) }
        if let variables { pattern["variables"] = .object(variables) }
        if let count { pattern["count"] = .int(count) }
        if let atLeast { pattern["atLeast"] = .int(atLeast) }
        if let atMost { pattern["atMost"] = .int(atMost) }
        let (status, data) = try await exchange("POST", "__sim/verify", body: Data(Value.object(pattern).description.utf8))
        guard status == 200 || status == 422 else { throw ControlError(status: status, data: data) }
        let answer = try JSONDecoder().decode(Verification.self, from: data)
        guard answer.ok else {
            throw VerificationFailure(expected: answer.expected ?? operation, count: answer.count, nearMisses: answer.nearMisses ?? [])
        }
        return answer.count
    }

    private struct Verification: Decodable {
        let ok: Bool
        let count: Int
        let expected: String?
        let nearMisses: [NearMiss]?
    }

    /// A request close to a verified pattern, and how it differs.
    public struct NearMiss: Sendable, Equatable, Decodable {
        public let seq: Int
        public let operationName: String?
        public let session: String
        public let variables: [String: Value]
        public let differences: [Difference]

        /// One field that differs: `operationName`, `session` or a variable's path.
        public struct Difference: Sendable, Equatable, Decodable {
            public let field: String
            public let expected: Value
            public let found: Value
        }
    }

    /// A verification that did not hold; its description says what was expected, what was found,
    /// and each near miss, so a failed test explains itself.
    public struct VerificationFailure: Error, Sendable, Equatable, CustomStringConvertible {
        public let expected: String
        public let count: Int
        public let nearMisses: [NearMiss]

        public var description: String {
            var text = "Expected \(expected); found \(count)."
            if !nearMisses.isEmpty {
                text += " Near misses:"
                for miss in nearMisses {
                    let differences = miss.differences.map { "\($0.field) expected \($0.expected), found \($0.found)" }.joined(separator: "; ")
                    text += "\n  #\(miss.seq) \(miss.operationName ?? "(unnamed)") in session \(miss.session) \(Value.object(miss.variables)): \(differences)"
                }
            }
            return text
        }
    }

    /// The journal as a `.scenario` file that replays it (docs/journal.md, "Recording").
    public func recordedScenario(name: String = "Recorded journey") async throws -> String {
        let (status, data) = try await exchange("GET", "__sim/requests.scenario", query: [URLQueryItem(name: "name", value: name)])
        guard status == 200 else { throw ControlError(status: status, data: data) }
        return String(decoding: data, as: UTF8.self)
    }
}
