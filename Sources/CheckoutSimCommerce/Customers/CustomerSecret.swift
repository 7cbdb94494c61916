/// A password or token a request sent or an answer gave: what the journal, the log, exports and
/// recordings write as `"<redacted>"` (docs/journal.md#secrets). The bindings note each one they
/// read or answer; the journal keeps only a label for it.
package struct CustomerSecret: Sendable, Equatable {
    package enum Kind: String, Sendable {
        case password, token
    }

    package let kind: Kind
    package let value: String

    package init(_ kind: Kind, _ value: String) {
        self.kind = kind
        self.value = value
    }
}
