import Foundation

/// One HTTP/1.x request as the server read it.
package struct HTTPRequest: Sendable {
    /// The method, as sent (methods are case-sensitive).
    package var method: String
    /// The request target: the path and the query, as sent.
    var target: String
    /// `1` for HTTP/1.1, `0` for HTTP/1.0.
    var minorVersion: Int
    /// The header fields in the order they came, names lowercased (HTTP names are case-insensitive).
    var headers: [(name: String, value: String)]
    /// The body, after any chunked framing is removed.
    package var body: [UInt8] = []

    /// The target's path, without the query.
    var path: String {
        queryMark.map { String(target[..<$0]) } ?? target
    }

    /// The target's query, without the `?`; empty when there is none.
    package var query: Substring {
        queryMark.map { target[target.index(after: $0)...] } ?? ""
    }

    /// Where the target's `?` is. Found among the UTF-8 bytes: searching the `Character`s ran
    /// grapheme breaking over every target, twice a request (Benchmarks/NOTES.md, issue 43).
    private var queryMark: String.Index? {
        target.utf8.firstIndex(of: UInt8(ascii: "?"))
    }

    /// The field named `name` (lowercase), with repeated fields joined by commas.
    package func header(_ name: String) -> String? {
        var found: String?
        for field in headers where Self.field(field.name, isNamed: name) {
            found = found.map { $0 + ", " + field.value } ?? field.value
        }
        return found
    }

    /// Whether a field's (lowercase) name is `name`. Lengths are compared first: most names
    /// differ in length, and a `String` comparison of two that differ takes Unicode's slow path
    /// (Benchmarks/NOTES.md, issue 43).
    @inline(__always)
    static func field(_ fieldName: String, isNamed name: String) -> Bool {
        fieldName.utf8.count == name.utf8.count && fieldName == name
    }

    /// Whether the connection stays open after the response (RFC 9112 §9.3): HTTP/1.1 unless
    /// `Connection: close`, HTTP/1.0 only with `Connection: keep-alive`.
    var keepsAlive: Bool {
        // Most requests send no `Connection` field: nothing to lowercase and split.
        guard let field = header("connection") else { return minorVersion == 1 }
        let options = field.lowercased().split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        return minorVersion == 1 ? !options.contains("close") : options.contains("keep-alive")
    }
}

/// Why a request was refused before it reached a route: the status, and a message for the body.
package struct HTTPFailure: Error, Sendable, Equatable {
    package let status: Int
    package let message: String
}
