import CheckoutSimCommerce
import CheckoutSimGraphQL

/// An amount as the `Money` fields write it: made once for the amount's row (`AmountRow`), from
/// Commerce's text. Commerce hands out texts, never bytes shaped for a writer.
struct AmountText: UTF8Writable {
    enum Style {
        /// `1299.00`.
        case plain
        /// `$1,299.00`.
        case formatted
    }

    let minorUnits: Int64
    let currency: Currency
    let style: Style

    init(_ minorUnits: Int64, in currency: Currency, style: Style) {
        self.minorUnits = minorUnits
        self.currency = currency
        self.style = style
    }

    func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = style == .plain ? currency.amount(minorUnits) : currency.formatted(minorUnits)
        text.withUTF8(sink)
    }
}

/// An instant as ISO-8601 UTC, written straight into the response.
struct TimeText: UTF8Writable {
    let instant: Instant

    init(_ instant: Instant) {
        self.instant = instant
    }

    func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var text = instant.iso8601
        text.withUTF8(sink)
    }

    /// Digits, `-`, `:`, `.`, `T` and `Z` only.
    static var isEscapeFree: Bool { true }
}

/// A page's cursor, base64 written straight into the response (`Cursor.writeEncoded`).
struct CursorText: UTF8Writable {
    let cursors: PageCursors
    let index: Int

    func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        cursors[index].writeEncoded(to: sink)
    }

    /// Base64's alphabet and `=` only.
    static var isEscapeFree: Bool { true }
}
