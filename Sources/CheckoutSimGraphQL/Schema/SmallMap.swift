/// An element of a `SmallMap`: found by its key.
protocol SmallMapElement {
    /// The name the element is found by.
    var key: String { get }
    /// `Name.hash(of:)` of `key`, kept with the element: a scan compares it before the text, and
    /// the hashed slots are placed by it, so a lookup whose caller knows the hash (the lexer worked
    /// it out for every name of a document) hashes nothing.
    var keyHash: UInt64 { get }
}

/// Elements in the order they were added, found by their string keys: the engine's one name map
/// (a type's fields, a selection set's response keys, the names a validation rule has seen).
///
/// Every element keeps its key's hash (`Name.hash`, FNV-1a over the UTF-8), which a document's names
/// bring from the lexer. Nearly every map the engine keeps holds a handful of names, and comparing a
/// hash with each of them costs less than probing slots; past `scanLimit` elements the map places
/// its keys in slots by hash (open addressing), so a hostile document with thousands of names in one
/// place stays linear. `Dictionary` hashes `String` with SipHash and normalisation checks, several times the cost
/// of FNV-1a over a short ASCII name (Benchmarks/NOTES.md).
struct SmallMap<Element: SmallMapElement> {
    /// The elements, in the order they were added.
    private(set) var elements: [Element] = []
    /// Positions in `elements` by hash slot (-1: empty), built once `scanLimit` is passed; its count
    /// is a power of two at least twice the elements'.
    private var slots: [Int32] = []

    /// How many elements are scanned before the map hashes its keys.
    static var scanLimit: Int { 12 }

    /// An empty map with room for `capacity` elements.
    init(capacity: Int = 0) {
        elements.reserveCapacity(capacity)
    }

    /// A map of `elements`; where a key repeats, the last element with it is found.
    init(_ elements: [Element]) {
        self.init(capacity: elements.count)
        for element in elements { append(element) }
    }

    var count: Int { elements.count }

    /// The element at `position` (in the order added).
    subscript(position: Int) -> Element {
        get { elements[position] }
        _modify { yield &elements[position] }
    }

    /// Where the element with `key` is; the last one added when several have it.
    func position(of key: String) -> Int? {
        position(of: key, hash: Name.hash(key))
    }

    /// Where the element with `key`, whose `Name.hash` is `hash`, is; the last one added when
    /// several have it.
    ///
    /// - Complexity: at most `scanLimit` comparisons of hashes and about one of strings, or one
    ///   slot probe and on average about one comparison.
    func position(of key: String, hash: UInt64) -> Int? {
        if slots.isEmpty {
            // Hashes first: two different small strings always go through the standard library's
            // out-of-line comparison.
            return elements.lastIndex { $0.keyHash == hash && $0.key == key }
        }
        let mask = slots.count - 1
        var slot = Self.slot(hash) & mask
        while true {
            let entry = slots[slot]
            if entry < 0 { return nil }
            if elements[Int(entry)].keyHash == hash, elements[Int(entry)].key == key { return Int(entry) }
            slot = (slot + 1) & mask
        }
    }

    /// The element with `key`, if any.
    subscript(key: String) -> Element? {
        position(of: key).map { elements[$0] }
    }

    /// Adds `element` after the others; from now on its key finds it.
    ///
    /// - Complexity: amortised O(1) (a scan's worth while the map is small).
    mutating func append(_ element: Element) {
        elements.append(element)
        if !slots.isEmpty {
            if elements.count * 2 > slots.count { rehash() } else { place(elements.count - 1) }
        } else if elements.count > Self.scanLimit {
            rehash()
        }
    }

    /// Empties the map and keeps the elements' storage for the next names (the validator keeps
    /// one operation's variable map for the next operation).
    mutating func removeAll() {
        // One by one: `removeAll(keepingCapacity:)` goes through generic range replacement, which
        // costs more than popping the few names a map of this kind holds.
        while !elements.isEmpty { elements.removeLast() }
        slots = []
    }

    /// Rebuilds the slots for the elements now held, twice as many slots as elements or more.
    private mutating func rehash() {
        var size = 16
        while size < elements.count * 2 { size *= 2 }
        slots = [Int32](repeating: -1, count: size)
        for position in elements.indices { place(position) }
    }

    /// Points `position`'s key at it, replacing an earlier element with the same key.
    private mutating func place(_ position: Int) {
        let mask = slots.count - 1
        let hash = elements[position].keyHash
        let key = elements[position].key
        var slot = Self.slot(hash) & mask
        while slots[slot] >= 0 {
            let other = Int(slots[slot])
            if elements[other].keyHash == hash, elements[other].key == key { break }
            slot = (slot + 1) & mask
        }
        slots[slot] = Int32(truncatingIfNeeded: position)
    }

    /// A key's first slot before masking: the hash's two halves folded, so the low bits depend
    /// on every byte.
    private static func slot(_ hash: UInt64) -> Int {
        Int(truncatingIfNeeded: hash ^ (hash >> 32))
    }
}

extension SmallMap: Sendable where Element: Sendable {}
