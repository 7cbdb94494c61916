extension Executor {
    /// Consecutive fields of an object that are all written from its row's kept texts
    /// (`LeafTexts`): their keys and slots laid out once per cached document, so an object with
    /// texts writes the whole run in one loop — key, text, key, text — instead of taking each
    /// field through the resolver switch (Benchmarks/NOTES.md, issue 43: a listing's product
    /// writes ten such fields).
    ///
    /// Owns its buffers; held by the run's first `CollectedField`, which frees it.
    struct LeafRun {
        /// One allocation: each field's key end, then each field's slot (`count` words each),
        /// then each field's `,"key":` one after another.
        private let memory: UnsafeMutableRawPointer
        /// How many fields the run writes.
        let count: Int

        /// Where field `i`'s key ends among the keys; it starts where field `i - 1`'s ends.
        private var keyEnds: UnsafePointer<Int> { UnsafePointer(memory.assumingMemoryBound(to: Int.self)) }
        /// Each field's slot in the row's texts.
        private var slots: UnsafePointer<Int> { keyEnds + count }
        private var keys: UnsafePointer<UInt8> { UnsafePointer(memory.advanced(by: 2 * count * MemoryLayout<Int>.stride).assumingMemoryBound(to: UInt8.self)) }

        /// The run of `fields`, each a `.leaf` field without arguments (one or more).
        init(_ fields: ArraySlice<CollectedField>) {
            count = fields.count
            let keyBytes = fields.reduce(0) { $0 + 1 + $1.keyBytes.count }
            let words = 2 * count * MemoryLayout<Int>.stride
            memory = .allocate(byteCount: words + keyBytes, alignment: MemoryLayout<Int>.alignment)
            let ends = memory.bindMemory(to: Int.self, capacity: 2 * count)
            let keys = (memory + words).bindMemory(to: UInt8.self, capacity: keyBytes)
            var end = 0
            for (place, field) in fields.enumerated() {
                keys[end] = UInt8(ascii: ",")
                _ = UnsafeMutableBufferPointer(start: keys + end + 1, count: field.keyBytes.count).initialize(from: field.keyBytes)
                end += 1 + field.keyBytes.count
                ends[place] = end
                ends[count + place] = field.leafSlot
            }
        }

        /// Writes every field's key and text from `leaves`; the first key without its comma when
        /// the run opens the object.
        @inline(__always)
        func write(from leaves: LeafTexts.View, opensObject: Bool, to writer: inout JSONWriter) {
            var start = opensObject ? 1 : 0
            for place in 0..<count {
                let end = keyEnds[place]
                writer.append(UnsafeBufferPointer(start: keys + start, count: end - start))
                leaves.write(slots[place], to: &writer)
                start = end
            }
        }

        func deallocate() {
            memory.deallocate()
        }
    }
}
