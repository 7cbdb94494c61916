import CheckoutSimGraphQL
import CheckoutSimScenarios
import Foundation

/// What a transport tells the journal about a request besides the request itself: how it came,
/// who sent it, and the HTTP status its response gets (docs/journal.md).
package struct JournalNote {
    var transport: Simulator.JournalEntry.Transport
    var client: Simulator.JournalEntry.Client?
    /// The status a response gets on this transport.
    var status: (GraphQLResponse) -> Int
    /// The fault the request meets while it still runs (a truncated or slow delivery).
    var fault: Simulator.JournalEntry.Fault? = nil

    /// A request made through the library (or a scenario run against a live simulator): status 200.
    package static var library: JournalNote { JournalNote(transport: .library, client: nil) { _ in 200 } }
    /// A `serve --stdio` line: status 200.
    package static var stdio: JournalNote { JournalNote(transport: .stdio, client: nil) { _ in 200 } }
}

extension GraphQLResponse {
    /// Every payload `errors[].code` (in the order `data` holds them), then every GraphQL error's
    /// `extensions.code`.
    ///
    /// - Complexity: `memchr` for each `[` in `data`, looking for a non-empty `errors` list;
    ///   `data` is parsed only when it has one, so a listing costs a scan, not a parse.
    var journalErrorCodes: [String] {
        var codes: [String] = []
        let bytes = compactBytes()
        if let span = dataSpan, Self.hasPayloadErrors(bytes, in: span), let data = try? JSONParser.parse(Array(bytes[span])) {
            ExpectationCheck.collectPayloadCodes(data, into: &codes)
        }
        codes += errors.map(\.code.rawValue)
        return codes
    }

    /// Whether `bytes[span]` holds `"errors":[{`. The text cannot occur inside a JSON string
    /// (a quote there is escaped), so finding it means a payload lists errors.
    private static func hasPayloadErrors(_ bytes: [UInt8], in span: Range<Int>) -> Bool {
        let label = Array(#""errors":"#.utf8)
        return bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            var offset = span.lowerBound
            while offset < span.upperBound, let found = memchr(base + offset, 0x5B, span.upperBound - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                if index + 1 < span.upperBound, buffer[index + 1] == 0x7B, index - label.count >= span.lowerBound,
                   buffer[(index - label.count)..<index].elementsEqual(label) {
                    return true
                }
                offset = index + 1
            }
            return false
        }
    }
}
