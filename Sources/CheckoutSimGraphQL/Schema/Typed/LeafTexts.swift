/// The JSON text of an object's leaves that stay the same from request to request — a product's
/// name, description, creation time — escaped and formatted once, when its row is made, so that
/// writing one into a response is a single copy: no resolver call, no `String` handed over, no
/// escaping, no formatting (Benchmarks/NOTES.md, issue 43).
///
/// A row type keeps one (`LeafRow`); its fields declared with a `LeafSlot`
/// (`Fields.field(_:type:_:leaf:)`) are written from it. Immutable once made.
public final class LeafTexts: @unchecked Sendable {
    /// Every slot's text, one after another.
    private let bytes: UnsafeMutableBufferPointer<UInt8>
    /// Where each slot's text ends in `bytes`; slot `i` starts where slot `i - 1` ends.
    private let ends: UnsafeMutableBufferPointer<Int>

    /// Texts for `slots` slots, set by `fill`; a slot it leaves unset is `null`.
    public init(slots: Int, _ fill: (inout Builder) -> Void) {
        var builder = Builder(slots: max(0, slots))
        fill(&builder)
        var total = 0
        for piece in builder.pieces { total += piece?.count ?? Self.null.count }
        bytes = .allocate(capacity: total)
        ends = .allocate(capacity: builder.pieces.count)
        var end = 0
        builder.writer.withBytes { written in
            for slot in builder.pieces.indices {
                if let piece = builder.pieces[slot] {
                    _ = UnsafeMutableBufferPointer(rebasing: bytes[end...]).initialize(from: written[piece])
                    end += piece.count
                } else {
                    _ = UnsafeMutableBufferPointer(rebasing: bytes[end...]).initialize(from: Self.null)
                    end += Self.null.count
                }
                ends[slot] = end
            }
        }
    }

    private static let null: [UInt8] = Array("null".utf8)

    deinit {
        bytes.deallocate()
        ends.deallocate()
    }

    /// Writes slot `slot`'s JSON text; `null` for a slot outside the layout.
    @inline(__always) func write(_ slot: Int, to writer: inout JSONWriter) {
        view.write(slot, to: &writer)
    }

    /// The texts' memory, valid while this object lives: what a `LeafRun` writes from, copied
    /// without reference counting.
    @usableFromInline var view: View { View(bytes: UnsafeBufferPointer(bytes), ends: UnsafeBufferPointer(ends)) }

    /// `LeafTexts`' memory, borrowed: whoever holds one keeps its `LeafTexts` alive.
    @usableFromInline struct View {
        let bytes: UnsafeBufferPointer<UInt8>
        let ends: UnsafeBufferPointer<Int>

        @usableFromInline init(bytes: UnsafeBufferPointer<UInt8>, ends: UnsafeBufferPointer<Int>) {
            self.bytes = bytes
            self.ends = ends
        }

        /// Writes slot `slot`'s JSON text; `null` for a slot outside the layout.
        @inline(__always) func write(_ slot: Int, to writer: inout JSONWriter) {
            guard slot >= 0, slot < ends.count else { return writer.append("null") }
            let start = slot == 0 ? 0 : ends[slot - 1]
            writer.append(UnsafeBufferPointer(rebasing: bytes[start..<ends[slot]]))
        }
    }

    /// Sets the slots' values while `LeafTexts` is made; each setter takes the Swift value its
    /// slot's field type stands for, so a slot can only hold text its field may answer.
    public struct Builder: ~Copyable {
        /// Every slot's text as set, one after another (a slot set twice keeps its last).
        fileprivate var writer = JSONWriter(capacity: 256)
        /// Where each slot's text lies in `writer`; nil for a slot not set, which is `null`.
        fileprivate var pieces: [Range<Int>?]

        fileprivate init(slots: Int) {
            pieces = Array(repeating: nil, count: slots)
        }

        private mutating func put(_ slot: Int, _ write: (inout JSONWriter) -> Void) {
            guard pieces.indices.contains(slot) else { return }
            let start = writer.count
            write(&writer)
            // A written text that wrote nothing stays null rather than leaving an empty value.
            pieces[slot] = writer.count > start ? start..<writer.count : nil
        }

        /// A `String!` or `ID!` slot.
        public mutating func set(_ slot: LeafSlot<String>, _ text: String) {
            put(slot.index) { $0.writeString(text) }
        }

        /// A `String` or `ID` slot: null when `text` is nil.
        public mutating func set(_ slot: LeafSlot<String?>, _ text: String?) {
            guard let text else { return put(slot.index) { $0.append("null") } }
            set(LeafSlot<String>(slot.index), text)
        }

        /// A `String!` slot whose value writes its own text (an amount, a time); the text is
        /// written once, as `UTF8Writable` promises.
        public mutating func set<Text: UTF8Writable>(_ slot: LeafSlot<Text>, _ text: Text) {
            put(slot.index) { writer in text.writeUTF8 { writer.writeString(utf8: $0) } }
        }
    }
}

/// Which of a row's `LeafTexts` a field writes, typed by the value its field's resolver would
/// return (`String` for `String!`, `String?` for `String`, a `UTF8Writable` for its written text).
public struct LeafSlot<Value>: Sendable {
    /// The slot's position in the row's texts.
    public let index: Int

    /// The slot at `index`.
    public init(_ index: Int) {
        self.index = index
    }
}

/// A row that keeps the JSON text of its object's unchanging leaves.
public protocol LeafRow: AnyObject, Sendable {
    /// The texts its `LeafSlot` fields write.
    var leaves: LeafTexts { get }
}

/// A carrier whose rows keep `LeafTexts`: its fields may be declared with a `LeafSlot`.
public protocol LeafCarrier: ParentCarrier {}

extension RowParent: LeafCarrier where Row: LeafRow {}

/// An output type whose values are text (`String`, `ID`, written text, and those non-null): the
/// types a `LeafSlot` field may have.
public protocol TextualOutput: OutputType {}

extension TextOutput: TextualOutput {}
extension WrittenTextOutput: TextualOutput {}
extension NonNullOutput: TextualOutput where Wrapped: TextualOutput {}

extension Fields where Carrier: LeafCarrier {
    /// A field written from its object's `LeafTexts`, slot `slot`: no resolver runs.
    @inlinable public mutating func field<Output: TextualOutput>(
        _ name: String, type: Output, _ description: String, leaf slot: LeafSlot<Output.Value>
    ) {
        add(name, type, description, [], FieldResolution(.leaf(slot.index, fallback: nil)))
    }
}
