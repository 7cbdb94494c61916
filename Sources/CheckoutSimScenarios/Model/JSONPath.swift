import CheckoutSimGraphQL

/// The JSONPath subset scenarios use: `$`, `.name`, `[n]`, `[-1]` and `[*]`.
package struct JSONPath: Sendable, Equatable, CustomStringConvertible {
    /// One step of a path.
    package enum Segment: Sendable, Equatable {
        case key(String)
        case index(Int)
        case wildcard
    }

    /// The steps after `$`.
    package let segments: [Segment]
    /// The path as written.
    package let text: String

    /// The path as written.
    package var description: String { text }

    /// True when the path can select more than one value.
    package var isWildcard: Bool { segments.contains(.wildcard) }

    /// Parses `text`; the error message says what was expected and at which character (0-based).
    package static func parse(_ text: String) -> Result<JSONPath, PathError> {
        let characters = Array(text)
        guard characters.first == "$" else { return .failure(PathError(offset: 0, message: "a path starts with \"$\"")) }
        var segments: [Segment] = []
        var index = 1
        while index < characters.count {
            switch characters[index] {
            case ".":
                index += 1
                let start = index
                while index < characters.count, characters[index] != ".", characters[index] != "[" { index += 1 }
                guard index > start else { return .failure(PathError(offset: start, message: "expected a key name after \".\"")) }
                segments.append(.key(String(characters[start..<index])))
            case "[":
                guard let close = characters[index...].firstIndex(of: "]") else {
                    return .failure(PathError(offset: index, message: "\"[\" is not closed with \"]\""))
                }
                let inner = String(characters[(index + 1)..<close])
                if inner == "*" {
                    segments.append(.wildcard)
                } else if let number = Int(inner) {
                    segments.append(.index(number))
                } else {
                    return .failure(PathError(offset: index + 1, message: "expected an index, a negative index or \"*\" inside [ ], found \"\(inner)\""))
                }
                index = close + 1
            default:
                return .failure(PathError(offset: index, message: "expected \".name\", \"[n]\" or \"[*]\", found \"\(characters[index])\""))
            }
        }
        return .success(JSONPath(segments: segments, text: text))
    }

    /// Every value the path selects, in document order.
    package func select(in value: JSON) -> [JSON] {
        var current = [value]
        for segment in segments {
            var next: [JSON] = []
            for item in current {
                switch (segment, item) {
                case (.key(let key), .object(let object)):
                    if let found = object[key] { next.append(found) }
                case (.index(let position), .array(let items)):
                    let resolved = position < 0 ? items.count + position : position
                    if items.indices.contains(resolved) { next.append(items[resolved]) }
                case (.wildcard, .array(let items)):
                    next += items
                case (.wildcard, .object(let object)):
                    next += object.values
                default:
                    break
                }
            }
            current = next
        }
        return current
    }

    /// The value at the path: the single match for a plain path, an array of matches for a wildcard one.
    package func evaluate(in value: JSON) -> JSON? {
        let matches = select(in: value)
        if isWildcard { return .array(matches) }
        return matches.first
    }
}

/// Why a path did not parse.
package struct PathError: Error, Sendable, Equatable {
    /// The character (from 0) where the path went wrong.
    package let offset: Int
    /// What was expected there.
    package let message: String
}
