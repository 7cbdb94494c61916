extension String {
    /// Whether the text has more than `limit` characters, counting Unicode scalars (not grapheme
    /// clusters: `"a"` followed by 100,000 combining accents is one cluster but 100,001 scalars,
    /// and it is the scalars that take memory) and no further than `limit + 1`: a text many times
    /// the limit costs no more to check than one at it. Every text a client sends that the shop
    /// keeps is checked so (docs/limits.md#shop-bounds).
    /// - Complexity: O(min(n, limit)).
    package func isLonger(thanCharacters limit: Int) -> Bool {
        utf8.count > limit && unicodeScalars.prefix(limit + 1).count > limit
    }
}

extension ProductFilter {
    /// The longest search text, in characters (docs/limits.md#shop-bounds).
    package static let maxSearchCharacters = 256
    /// The most words a search may have.
    package static let maxSearchWords = 16

    /// The whitespace-separated words of `search`, counting no further than `limit`.
    /// - Complexity: O(n) in the characters read.
    package static func searchWords(in search: String, countingUpTo limit: Int = .max) -> Int {
        var words = 0
        var inWord = false
        for character in search {
            if character.isWhitespace {
                inWord = false
            } else if !inWord {
                inWord = true
                words += 1
                if words == limit { break }
            }
        }
        return words
    }
}
