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
    /// One slot of the table: the name's hash, its bytes in two words, and its length (0: empty).
    private struct Slot {
        var hash: UInt64 = 0
        var low: UInt64 = 0
        var high: UInt64 = 0
        var length = 0
    }

    /// Open addressing by hash over a power of two at least twice the names. The slots sit in one
    /// array, a probe reading one 32-byte slot, behind one reference: the parser copies the table
    /// for every name it reads, and five arrays were five retains and releases each time
    /// (Benchmarks/NOTES.md, issue 43).
    private final class Table: Sendable {
        let slots: [Slot]
        let texts: [String]

        init(slots: [Slot], texts: [String]) {
            self.slots = slots
            self.texts = texts
        }
    }

    private let table: Table

    /// A table of `names`; repeats are kept once.
    init(_ names: some Sequence<String>) {
        var size = 16
        let unique = Array(Set(names)).sorted()
        while size < unique.count * 2 { size *= 2 }
        var slots = [Slot](repeating: Slot(), count: size)
        var texts = [String](repeating: "", count: size)
        for name in unique {
            var text = name
            guard let (hash, low, high) = text.withUTF8({ bytes -> (UInt64, UInt64, UInt64)? in
                guard !bytes.isEmpty, bytes.count <= 16 else { return nil }
                let (low, high) = Self.words(UnsafeRawBufferPointer(bytes), from: 0, count: bytes.count)
                return (Name.hash(of: bytes), low, high)
            }) else { continue }
            var slot = Int(truncatingIfNeeded: hash) & (size - 1)
            while slots[slot].length != 0 { slot = (slot + 1) & (size - 1) }
            slots[slot] = Slot(hash: hash, low: low, high: high, length: name.utf8.count)
            texts[slot] = name
        }
        table = Table(slots: slots, texts: texts)
    }

    /// The schema's string for the name at `start..<end` of `source`, whose `Name.hash` is `hash`;
    /// nil when the schema declares no such name (or it is longer than 16 bytes).
    func text(hash: UInt64, in source: UnsafeRawBufferPointer, start: Int, end: Int) -> String? {
        let count = end - start
        guard count <= 16 else { return nil }
        let table = table
        return table.slots.withUnsafeBufferPointer { slots -> String? in
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash) & mask
            while slots[slot].length != 0 {
                if slots[slot].hash == hash, slots[slot].length == count {
                    // Another name of this hash and length further on is left to be decoded as any
                    // undeclared name is: the answer is the same text either way.
                    let (low, high) = Self.words(source, from: start, count: count)
                    return slots[slot].low == low && slots[slot].high == high ? table.texts[slot] : nil
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
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
