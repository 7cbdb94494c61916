/// One step of `Executor.path`.
enum PathStep {
    case field(Unmanaged<Executor.CollectedField>)
    case index(Int)

    /// The step as an error's path shows it.
    var component: PathComponent {
        switch self {
        case .field(let field): .key(field.takeUnretainedValue().responseKey)
        case .index(let index): .index(index)
        }
    }
}

/// Where the value being written is: a stack of `PathStep`s in one block it owns.
///
/// Pushed and popped for every object field and list item written; as an `Array` each push and
/// pop asked the runtime whether the buffer was uniquely referenced (Benchmarks/NOTES.md,
/// issue 41). Steps are trivial values, so the block holds them without reference counting;
/// `count` never exceeds `capacity`, and only `push` grows the block.
struct PathStack: ~Copyable {
    private var base: UnsafeMutablePointer<PathStep>
    private var capacity: Int
    private(set) var count = 0

    /// An empty stack with room for `capacity` steps before it grows.
    init(capacity: Int) {
        self.capacity = max(1, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    var isEmpty: Bool { count == 0 }

    @inline(__always)
    mutating func push(_ step: PathStep) {
        if count == capacity { grow() }
        (base + count).initialize(to: step)
        count += 1
    }

    /// Removes the last step; the stack must not be empty.
    @inline(__always)
    mutating func pop() {
        precondition(count > 0, "popped an empty path")
        count -= 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<PathStep>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The steps as an error's path shows them, outermost first.
    var components: [PathComponent] {
        (0..<count).map { base[$0].component }
    }
}
