import CheckoutSimCommerce
import CheckoutSimGraphQL

/// An amount as the `Money` fields write it, straight into the response (every price of every
/// listing is written twice, so no `String` is made for it).
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
        switch style {
        case .plain: currency.writeAmount(minorUnits, to: sink)
        case .formatted: currency.writeFormatted(minorUnits, to: sink)
        }
    }
}

/// An instant as ISO-8601 UTC, written straight into the response.
struct TimeText: UTF8Writable {
    let instant: Instant

    init(_ instant: Instant) {
        self.instant = instant
    }

    func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        instant.writeISO8601(to: sink)
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
