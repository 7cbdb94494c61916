/// Indents compact JSON bytes the way `JSONWriter(pretty: true)` writes them, without parsing
/// them into `JSON` values first.
///
/// Pretty responses (`checkout-sim query`, the playground) used to parse the executor's bytes back
/// into values and serialise those again; one pass over the bytes gives the same text for less
/// (Benchmarks/NOTES.md).
enum JSONReindent {
    /// `compact` (valid compact JSON, as `JSONWriter` writes it) 2-space indented, `": "` after
    /// keys, empty containers kept as `{}` and `[]`; no trailing newline.
    /// - Complexity: O(n) in the bytes.
    static func pretty(_ compact: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(compact.count * 2)
        var depth = 0
        var index = 0
        var inString = false
        func newline() {
            out.append(UInt8(ascii: "\n"))
            out.append(contentsOf: repeatElement(UInt8(ascii: " "), count: depth * 2))
        }
        while index < compact.count {
            let byte = compact[index]
            index += 1
            if inString {
                out.append(byte)
                if byte == UInt8(ascii: "\\"), index < compact.count {
                    out.append(compact[index])
                    index += 1
                } else if byte == UInt8(ascii: "\"") {
                    inString = false
                }
                continue
            }
            switch byte {
            case UInt8(ascii: "\""):
                inString = true
                out.append(byte)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                out.append(byte)
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]")
                if index < compact.count, compact[index] == close {
                    out.append(close)
                    index += 1
                } else {
                    depth += 1
                    newline()
                }
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                newline()
                out.append(byte)
            case UInt8(ascii: ","):
                out.append(byte)
                newline()
            case UInt8(ascii: ":"):
                out.append(UInt8(ascii: ":"))
                out.append(UInt8(ascii: " "))
            default:
                out.append(byte)
            }
        }
        return out
    }
}
