#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension GraphQLResponse {
    /// Every payload `errors[].code` and `userErrors[].code` (in the order `data` holds them), then every GraphQL error's
    /// `extensions.code`: what the journal keeps of a response, worked out once, outside the
    /// simulator's lock.
    ///
    /// - Complexity: `memchr` for each `[` in `data`, looking for a non-empty `errors` list;
    ///   `data` is parsed only when it has one, so a listing costs a scan, not a parse.
    package var errorCodes: [String] {
        var codes: [String] = []
        let bytes = compactBytes()
        if let span = dataSpan, Self.hasPayloadErrors(bytes, in: span), let data = try? JSONParser.parse(Array(bytes[span])) {
            data.collectPayloadErrorCodes(into: &codes)
        }
        codes += errors.map(\.code.rawValue)
        return codes
    }

    /// Whether `bytes[span]` holds `"errors":[{` or `"userErrors":[{`. The text cannot occur
    /// inside a JSON string (a quote there is escaped), so finding it means a payload lists errors.
    /// One pass for both labels: a listing's every `[` is looked at once, not twice.
    private static func hasPayloadErrors(_ bytes: [UInt8], in span: Range<Int>) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            /// Whether `label` ends just before `index`.
            func labelled(_ label: StaticString, before index: Int) -> Bool {
                label.withUTF8Buffer { label in
                    index - label.count >= span.lowerBound && buffer[(index - label.count)..<index].elementsEqual(label)
                }
            }
            var offset = span.lowerBound
            while offset < span.upperBound, let found = memchr(base + offset, 0x5B, span.upperBound - offset) {
                let index = base.distance(to: found.assumingMemoryBound(to: UInt8.self))
                // Both labels end in `rs":` (`nodes` and `edges` lists do not).
                if index + 1 < span.upperBound, buffer[index + 1] == 0x7B, index - 4 >= span.lowerBound, buffer[index - 4] == UInt8(ascii: "r"),
                   labelled(#""errors":"#, before: index) || labelled(#""userErrors":"#, before: index) {
                    return true
                }
                offset = index + 1
            }
            return false
        }
    }
}

extension JSON {
    /// Appends the codes of every payload `errors` (or Shopify's `userErrors`) list under this
    /// value, in document order (an error whose code was not selected, as a placeholder saying
    /// so): the convention of mutation payloads that carry their own `errors { code }`.
    package func collectPayloadErrorCodes(into codes: inout [String]) {
        switch self {
        case .object(let object):
            for (key, member) in object.members {
                if key == "errors" || key == "userErrors", case .array(let items) = member {
                    codes += items.map { $0["code"]?.stringValue ?? "(an error without a selected code)" }
                } else {
                    member.collectPayloadErrorCodes(into: &codes)
                }
            }
        case .array(let items):
            for item in items { item.collectPayloadErrorCodes(into: &codes) }
        default:
            break
        }
    }
}
