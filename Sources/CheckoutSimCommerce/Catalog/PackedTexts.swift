#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Texts packed end to end in one UTF-8 buffer, for ranking many of them at once.
///
/// Sorting 100,000 Swift strings spends most of its time in the standard library's general
/// comparison; packed bytes compare with one `memcmp` and no reference counting.
package struct PackedTexts {
    private(set) var bytes: [UInt8] = []
    /// Text `i` is `bytes[starts[i]..<starts[i + 1]]`.
    private(set) var starts: [Int] = [0]

    init(capacity: Int) {
        starts.reserveCapacity(capacity + 1)
    }

    var count: Int { starts.count - 1 }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
        starts.append(bytes.count)
    }

    /// Appends `text` lowercased: ASCII byte by byte, anything else through `lowercased()`.
    mutating func appendLowercased(_ text: String) {
        Self.appendLowercased(text, to: &bytes)
        starts.append(bytes.count)
    }

    /// Appends `text` lowercased to `bytes`, as UTF-8: ASCII byte by byte, anything else
    /// through `lowercased()` (the Storefront search's kept texts use it too).
    package static func appendLowercased(_ text: String, to bytes: inout [UInt8]) {
        let start = bytes.count
        bytes.append(contentsOf: text.utf8)
        var ascii = true
        bytes.withUnsafeMutableBufferPointer { buffer in
            for index in start..<buffer.count {
                let byte = buffer[index]
                if byte >= 0x80 {
                    ascii = false
                } else if byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") {
                    buffer[index] = byte + 32
                }
            }
        }
        if !ascii {
            bytes.removeSubrange(start...)
            bytes.append(contentsOf: text.lowercased().utf8)
        }
    }

    /// Each text's position in bytewise order, from 0; equal texts share a rank.
    ///
    /// - Complexity: O(n log n) comparisons of `memcmp` each.
    func ranks() -> [Int] {
        var order = Array(0..<count)
        var ranks = [Int](repeating: 0, count: count)
        bytes.withUnsafeBufferPointer { bytes in
            starts.withUnsafeBufferPointer { starts in
                func compare(_ a: Int, _ b: Int) -> Int {
                    let lengthA = starts[a + 1] - starts[a]
                    let lengthB = starts[b + 1] - starts[b]
                    guard let base = bytes.baseAddress else { return 0 }
                    let common = memcmp(base + starts[a], base + starts[b], min(lengthA, lengthB))
                    if common != 0 { return Int(common) }
                    return lengthA - lengthB
                }
                order.sort { compare($0, $1) < 0 }
                var rank = 0
                for offset in order.indices {
                    if offset > 0, compare(order[offset - 1], order[offset]) != 0 { rank += 1 }
                    ranks[order[offset]] = rank
                }
            }
        }
        return ranks
    }
}
