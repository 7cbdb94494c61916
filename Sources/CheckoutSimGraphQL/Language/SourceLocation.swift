/// A 1-based line and column in a source text; columns count Unicode scalars.
public struct SourceLocation: Sendable, Hashable, Comparable {
    /// The line, from 1.
    public let line: Int
    /// The column, from 1, counting Unicode scalars.
    public let column: Int

    /// A location at `line` and `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Document order: by line, then column.
    public static func < (lhs: SourceLocation, rhs: SourceLocation) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// The location of a UTF-8 byte offset. Lines end at LF, CR LF or a lone CR, as in GraphQL.
    ///
    /// - Complexity: O(offset); called only when an error is reported.
    package static func of(offset: Int, in bytes: [UInt8]) -> SourceLocation {
        of(offsets: [offset], in: bytes)[0]
    }

    /// The locations of several offsets, in their order, from one pass over the text: an error
    /// naming every spread of a 2,000-fragment cycle costs one scan, not one per spread.
    /// - Complexity: O(max offset + k log k) for k offsets.
    package static func of(offsets: [Int], in bytes: [UInt8]) -> [SourceLocation] {
        let order = offsets.count == 1 ? [0] : offsets.indices.sorted { offsets[$0] < offsets[$1] }
        var result = [SourceLocation](repeating: SourceLocation(line: 1, column: 1), count: offsets.count)
        var line = 1
        var column = 1
        var index = 0
        for position in order {
            let end = min(max(0, offsets[position]), bytes.count)
            while index < end {
                let byte = bytes[index]
                if byte == 0x0A {
                    line += 1
                    column = 1
                } else if byte == 0x0D {
                    if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                    line += 1
                    column = 1
                } else if byte & 0xC0 != 0x80 {
                    column += 1
                }
                index += 1
            }
            result[position] = SourceLocation(line: line, column: column)
        }
        return result
    }

    /// The offset of the first byte of `bytes` that does not decode as UTF-8 (`bytes.count` when
    /// they all do), so a file that is not UTF-8 can be reported where it goes wrong.
    package static func firstInvalidUTF8Offset(in bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) { offset += UTF8.width(scalar) }
        return offset
    }

    /// The text of line `line` (1-based) without its line terminator.
    package static func lineText(_ line: Int, in bytes: [UInt8]) -> String {
        var current = 1
        var start = 0
        var index = 0
        while index < bytes.count, current < line {
            if bytes[index] == 0x0A {
                current += 1
                start = index + 1
            } else if bytes[index] == 0x0D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                current += 1
                start = index + 1
            }
            index += 1
        }
        var end = start
        while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The line at this location followed by a caret under the column, for error messages.
    /// A line longer than `width` scalars is cut to `width` around the column, with `…` marking
    /// each cut, so a 400 KB line prints as one screen line.
    package func excerpt(in bytes: [UInt8], width: Int = 100) -> String {
        let scalars = Array(SourceLocation.lineText(line, in: bytes).unicodeScalars)
        var start = 0
        var end = scalars.count
        if scalars.count > width {
            start = min(max(0, column - 1 - width / 2), scalars.count - width)
            end = start + width
        }
        var text = start > 0 ? "…" : ""
        var pad = start > 0 ? " " : ""
        for index in start..<end {
            text.unicodeScalars.append(scalars[index])
            if index < column - 1 { pad.append(scalars[index] == "\t" ? "\t" : " ") }
        }
        if end < scalars.count { text += "…" }
        return "\(text)\n\(pad)^"
    }
}
