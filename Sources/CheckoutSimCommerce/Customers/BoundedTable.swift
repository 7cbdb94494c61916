/// Values by key in the order inserted, at most `capacity` of them: inserting into a full table
/// drops the oldest. What a customer book keeps by token (access grants, one-time links, new
/// customer accounts' sign-ins, codes and sessions) is kept so.
struct BoundedTable<Value: Sendable>: Sendable {
    private var values: [String: Value] = [:]
    private var order: [String] = []
    let capacity: Int

    init(capacity: Int = 10_000) {
        precondition(capacity > 0, "a bounded table holds at least one value")
        self.capacity = capacity
    }

    var isFull: Bool { values.count >= capacity }
    var oldestKey: String? { order.first }
    var count: Int { values.count }

    subscript(key: String) -> Value? {
        get { values[key] }
        _modify { yield &values[key] }
    }

    mutating func insert(_ value: Value, for key: String) {
        if values[key] == nil {
            if isFull, let oldest = order.first { remove(oldest) }
            order.append(key)
        }
        values[key] = value
    }

    @discardableResult
    mutating func remove(_ key: String) -> Value? {
        guard let value = values.removeValue(forKey: key) else { return nil }
        if let place = order.firstIndex(of: key) { order.remove(at: place) }
        return value
    }

    /// Removes every value `shouldRemove` picks, in one pass over the order.
    mutating func removeAll(where shouldRemove: (Value) -> Bool) {
        order.removeAll { key in
            guard let value = values[key], shouldRemove(value) else { return false }
            values[key] = nil
            return true
        }
    }
}
