/// The names a schema declares (types, fields, arguments, enum values, directives), as strings
/// the parser hands out for a document's names instead of making each anew.
///
/// Nearly every name in a document is one of these. Making a `String` from a name's bytes checks
/// them as UTF-8 and copies them, about 120 instructions a name and a tenth of parsing a large
/// document; finding the schema's string by the hash the lexer worked out and comparing the bytes
/// as two words costs a fraction of that, and a small string is copied without reference counting
/// (Benchmarks/NOTES.md, issue 43). Names past 16 bytes are not kept: they are rare, and made as
/// before.
package struct KnownNames: Sendable {
    /// Open addressing by hash, in parallel arrays: a power of two at least twice the names; a
    /// slot whose length is 0 is empty.
    private let hashes: [UInt64]
    private let lows: [UInt64]
    private let highs: [UInt64]
    private let lengths: [UInt8]
    private let texts: [String]

    /// A table of `names`; repeats are kept once.
    init(_ names: some Sequence<String>) {
        var size = 16
        let unique = Array(Set(names)).sorted()
        while size < unique.count * 2 { size *= 2 }
        var hashes = [UInt64](repeating: 0, count: size)
        var lows = hashes, highs = hashes
        var lengths = [UInt8](repeating: 0, count: size)
        var texts = [String](repeating: "", count: size)
        for name in unique {
            var text = name
            guard let (hash, low, high) = text.withUTF8({ bytes -> (UInt64, UInt64, UInt64)? in
                guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
                let (low, high) = Self.words(UnsafeRawBufferPointer(bytes), from: 0, count: bytes.count)
                return (Name.hash(of: bytes), low, high)
            }) else { continue }
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while lengths[slot] != 0 { slot = (slot + 1) & (size - 1) }
            (hashes[slot], lows[slot], highs[slot], lengths[slot], texts[slot]) = (hash, low, high, UInt8(name.utf8.count), name)
        }
        (self.hashes, self.lows, self.highs, self.lengths, self.texts) = (hashes, lows, highs, lengths, texts)
    }

    /// The schema's string for the name at `start..<end` of `source`, whose `Name.hash` is `hash`;
    /// nil when the schema declares no such name (or it is longer than 16 bytes).
    func text(hash: UInt64, in source: UnsafeRawBufferPointer, start: Int, end: Int) -> String? {
        let count = end - start
        guard count <= 16 else { return nil }
        let mask = hashes.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while lengths[slot] != 0 {
            if hashes[slot] == hash, Int(lengths[slot]) == count {
                // Another name of this hash and length further on is left to be decoded as any
                // undeclared name is: the answer is the same text either way.
                let (low, high) = Self.words(source, from: start, count: count)
                return lows[slot] == low && highs[slot] == high ? texts[slot] : nil
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// `count` (at most 16) bytes of `bytes` from `start`, little-endian in two words, the rest zero.
    @inline(__always)
    private static func words(_ bytes: UnsafeRawBufferPointer, from start: Int, count: Int) -> (UInt64, UInt64) {
        var low: UInt64 = 0
        var high: UInt64 = 0
        if start + 16 <= bytes.count {
            // Whole words read at once, the bytes past the name masked off.
            let first = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start, as: UInt64.self))
            let second = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: start + 8, as: UInt64.self))
            low = count >= 8 ? first : first & ((1 << UInt64(count * 8)) - 1)
            high = count >= 16 ? second : count <= 8 ? 0 : second & ((1 << UInt64((count - 8) * 8)) - 1)
        } else {
            for index in 0..<count {
                let byte = UInt64(bytes[start + index])
                if index < 8 { low |= byte << UInt64(index * 8) } else { high |= byte << UInt64((index - 8) * 8) }
            }
        }
        return (low, high)
    }
}

extension Schema {
    /// Every name a schema of `types` and `directives` declares, the meta fields' too, for `KnownNames`.
    static func declaredNames(types: [NamedType], directives: [DirectiveDefinition]) -> [String] {
        var names = ["__typename", "__schema", "__type"]
        for type in types {
            names.append(type.name)
            for field in type.fields {
                names.append(field.name)
                names += field.arguments.map(\.name)
            }
            names += type.enumValues.map(\.name)
            if case .inputObject(let fields) = type.shape { names += fields.map(\.name) }
        }
        for directive in directives {
            names.append(directive.name)
            names += directive.arguments.map(\.name)
        }
        return names
    }
}
