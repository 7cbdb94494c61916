import Testing
@testable import CheckoutSimCommerce

/// `BoundedTable`, what a customer book keeps by token in: the oldest goes when it is full, a
/// removal leaves the rest in order, and a value replaced keeps its place.
struct BoundedTableTests {
    @Test func theOldestGoesWhenFull() {
        var table = BoundedTable<Int>(capacity: 3)
        for (index, key) in ["a", "b", "c"].enumerated() { table.insert(index, for: key) }
        #expect(table.isFull && table.oldestKey == "a")
        table.insert(9, for: "b")
        #expect(table.count == 3 && table.oldestKey == "a" && table["b"] == 9, "a value replaced keeps its place")
        table.insert(3, for: "d")
        #expect(table["a"] == nil && table.oldestKey == "b" && table.count == 3)
    }

    @Test func removalsKeepTheRestInOrder() {
        var table = BoundedTable<Int>(capacity: 10)
        for number in 0..<6 { table.insert(number, for: "k\(number)") }
        #expect(table.remove("k0") == 0 && table.remove("k0") == nil)
        table.removeAll { $0 % 2 == 1 }
        #expect(table.count == 2 && table.oldestKey == "k2" && table["k4"] == 4 && table["k3"] == nil)
        table.remove("k2")
        #expect(table.oldestKey == "k4")
    }
}
