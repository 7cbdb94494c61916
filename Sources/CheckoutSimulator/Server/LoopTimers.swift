/// An event loop's timers: a binary min-heap of (when, slot, serial), so the next deadline is
/// found without walking every connection.
///
/// Entries are not looked for inside the heap. A connection whose deadline moves later keeps its
/// earlier entry; before it sleeps, the loop takes such entries off the top and schedules the
/// real deadline, so a superseded entry never wakes it. Only a deadline earlier than the one scheduled adds an entry, so a keep-alive connection
/// answering request after request adds none (each new timeout is later than the last), and the
/// heap holds about one entry per connection. Entries of closed connections are told apart by
/// their serial.
struct LoopTimers {
    struct Entry {
        let when: ContinuousClock.Instant
        let slot: Int
        let serial: UInt64
    }

    private var heap: [Entry] = []

    var count: Int { heap.count }

    /// The earliest entry.
    var first: Entry? { heap.first }

    mutating func add(_ entry: Entry) {
        heap.append(entry)
        var child = heap.count - 1
        while child > 0 {
            let parent = (child - 1) / 2
            guard heap[child].when < heap[parent].when else { break }
            heap.swapAt(child, parent)
            child = parent
        }
    }

    /// Removes and returns the earliest entry.
    mutating func removeFirst() -> Entry? {
        guard !heap.isEmpty else { return nil }
        heap.swapAt(0, heap.count - 1)
        let first = heap.removeLast()
        var parent = 0
        while true {
            let left = parent * 2 + 1, right = left + 1
            var smallest = parent
            if left < heap.count, heap[left].when < heap[smallest].when { smallest = left }
            if right < heap.count, heap[right].when < heap[smallest].when { smallest = right }
            guard smallest != parent else { break }
            heap.swapAt(parent, smallest)
            parent = smallest
        }
        return first
    }

    /// Keeps only the entries `isCurrent` accepts (the loop drops those of closed connections
    /// when they outnumber the live ones).
    mutating func keep(where isCurrent: (Entry) -> Bool) {
        let kept = heap.filter(isCurrent)
        heap = []
        for entry in kept { add(entry) }
    }
}
