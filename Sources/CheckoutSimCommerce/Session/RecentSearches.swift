
/// A session's recent searches: newest first, trimmed, case-insensitively unique, at most 10.
package struct RecentSearches: Sendable, Equatable {
    /// The searches, newest first.
    package private(set) var entries: [String] = []
    /// How many searches are kept.
    package static let limit = 10

    /// No searches yet.
    package init() {}

    /// Remembers `search` (trimmed; blank is ignored), moving an earlier equal one to the front.
    package mutating func record(_ search: String) {
        let trimmed = search.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { return }
        let folded = trimmed.lowercased()
        entries.removeAll { $0.lowercased() == folded }
        entries.insert(trimmed, at: 0)
        if entries.count > Self.limit { entries.removeLast(entries.count - Self.limit) }
    }

    /// Forgets `term`, compared trimmed and case-insensitively; a term not in the list is a no-op.
    package mutating func remove(_ term: String) {
        let folded = term.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
        entries.removeAll { $0.lowercased() == folded }
    }

    /// Forgets every search.
    package mutating func removeAll() {
        entries.removeAll()
    }
}
