/// Looks up names among a fixed list: open addressing over an FNV-1a hash of the UTF-8 bytes.
///
/// Every field of every document is looked up on its parent type during validation and
/// collection; `Dictionary` hashes `String` with SipHash and normalisation checks, several times
/// the cost of FNV-1a over a short ASCII name.
struct NameTable: Sendable {
    private let names: [String]
    /// Index into `names` per slot, or -1 for an empty slot; the count is a power of two.
    private let slots: [Int32]

    /// A table of `names`; where a name repeats, the last one is found.
    init(_ names: [String]) {
        self.names = names
        var size = 8
        while size < names.count * 2 { size *= 2 }
        var slots = [Int32](repeating: -1, count: size)
        for (index, name) in names.enumerated() {
            var slot = Self.hash(name) & (size - 1)
            while slots[slot] >= 0, names[Int(slots[slot])] != name { slot = (slot + 1) & (size - 1) }
            slots[slot] = Int32(index)
        }
        self.slots = slots
    }

    /// The position of `name` in the list the table was made from.
    ///
    /// - Complexity: one hash of `name` and, on average, about one string comparison.
    func index(of name: String) -> Int? {
        let mask = slots.count - 1
        var slot = Self.hash(name) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return nil }
            if names[Int(entry)] == name { return Int(entry) }
            slot = (slot + 1) & mask
        }
    }

    private static func hash(_ name: String) -> Int {
        // `withUTF8` hands over a pointer (small strings are copied to the stack first); walking
        // `utf8` byte by byte costs several times more.
        var name = name
        return name.withUTF8 { bytes in
            var hash: UInt32 = 2_166_136_261
            for byte in bytes { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
            return Int(hash)
        }
    }
}
