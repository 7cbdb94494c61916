#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A text's UTF-8 bytes and where its words are (docs/storefront.md#search-syntax): kept for a
/// product across requests, and compared with a query's words by `memcmp` and its phrases in one
/// pass, never by making strings.
///
/// Words are runs of letters and digits (`SearchQuery.words(of:)`), found once when the list is
/// made; they compare byte for byte, so a query matches a text written in the same Unicode form
/// (what keyboards type and fixtures hold: composed).
package struct WordList: Sendable {
    /// The text, whole.
    let bytes: [UInt8]
    /// Word `i` is `bytes[spans[2i]..<spans[2i + 1]]`.
    private let spans: [Int32]

    /// The words of `text` (as written: lowercase it first to compare ignoring case).
    init(_ text: String) {
        self.init(bytes: Array(text.utf8))
    }

    /// The words of UTF-8 `bytes`: found byte by byte when they are ASCII (a letter or digit
    /// there is one byte), character by character otherwise.
    package init(bytes: [UInt8]) {
        var spans: [Int32] = []
        spans.reserveCapacity(32)
        if bytes.allSatisfy({ $0 < 0x80 }) {
            var start = -1
            for (offset, byte) in bytes.enumerated() {
                let inWord = Self.isASCIILetterOrDigit(byte)
                if inWord, start < 0 { start = offset }
                if !inWord, start >= 0 {
                    spans.append(Int32(start))
                    spans.append(Int32(offset))
                    start = -1
                }
            }
            if start >= 0 {
                spans.append(Int32(start))
                spans.append(Int32(bytes.count))
            }
        } else {
            var offset = 0
            var start = -1
            for character in String(decoding: bytes, as: UTF8.self) {
                let inWord = character.isLetter || character.isNumber
                if inWord, start < 0 { start = offset }
                if !inWord, start >= 0 {
                    spans.append(Int32(start))
                    spans.append(Int32(offset))
                    start = -1
                }
                offset += character.utf8.count
            }
            if start >= 0 {
                spans.append(Int32(start))
                spans.append(Int32(offset))
            }
        }
        self.bytes = bytes
        self.spans = spans
    }

    private static func isASCIILetterOrDigit(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }

    package var count: Int { spans.count / 2 }

    /// Word `index`'s bytes.
    package subscript(index: Int) -> ArraySlice<UInt8> {
        bytes[Int(spans[2 * index])..<Int(spans[2 * index + 1])]
    }

    /// How many words start before byte `offset` (the words of a leading field).
    func words(before offset: Int) -> Int {
        var count = 0
        while count < self.count, spans[2 * count] < offset { count += 1 }
        return count
    }

    /// Whether one of the first `limit` words (all by default) equals `word` (or starts with it,
    /// for a `prefix`).
    /// - Complexity: O(the words' bytes): each word is ruled out by its first byte and length
    ///   before any call, then compared once.
    func contains(_ word: [UInt8], prefix: Bool, among limit: Int = .max) -> Bool {
        guard !word.isEmpty else { return false }
        let last = min(limit, count)
        return bytes.withUnsafeBufferPointer { bytes in
            word.withUnsafeBufferPointer { word in
                guard let base = bytes.baseAddress, let wanted = word.baseAddress else { return false }
                let first = wanted[0]
                for index in 0..<last {
                    let start = Int(spans[2 * index])
                    let length = Int(spans[2 * index + 1]) - start
                    if base[start] == first, length == word.count || (prefix && length > word.count),
                       word.count == 1 || memcmp(base + start + 1, wanted + 1, word.count - 1) == 0 {
                        return true
                    }
                }
                return false
            }
        }
    }

    /// Whether `phrase` occurs in the text's first `end` bytes (all by default).
    func contains(_ phrase: Phrase, before end: Int = .max) -> Bool {
        phrase.occurs(in: bytes[..<min(end, bytes.count)])
    }

    /// Whether `bytes[range]` equals `value` (or starts with it, for a `prefix`).
    func field(_ range: Range<Int>, equals value: [UInt8], prefix: Bool) -> Bool {
        let field = bytes[range]
        return prefix ? field.starts(with: value) : field.elementsEqual(value)
    }
}

/// A phrase to look for in many texts, its Knuth–Morris–Pratt table made once.
struct Phrase: Sendable, Equatable {
    let bytes: [UInt8]
    /// `border[i]`: the length of the longest proper prefix of `bytes[0...i]` that is also its suffix.
    private let border: [Int]

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        var border = [Int](repeating: 0, count: bytes.count)
        var length = 0
        for index in bytes.indices.dropFirst() {
            while length > 0, bytes[index] != bytes[length] { length = border[length - 1] }
            if bytes[index] == bytes[length] { length += 1 }
            border[index] = length
        }
        self.border = border
    }

    /// Whether the phrase occurs in `text`.
    /// - Complexity: O(the text's bytes): each byte is read once, and the fallbacks along
    ///   `border` are paid for by the matches before them.
    func occurs(in text: ArraySlice<UInt8>) -> Bool {
        guard !bytes.isEmpty, bytes.count <= text.count else { return false }
        var matched = 0
        for byte in text {
            while matched > 0, byte != bytes[matched] { matched = border[matched - 1] }
            if byte == bytes[matched] { matched += 1 }
            if matched == bytes.count { return true }
        }
        return false
    }
}
