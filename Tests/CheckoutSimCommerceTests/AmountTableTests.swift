import Testing
@testable import CheckoutSimSupport

/// `AmountTable`, the bounded map the listings' price rows are kept in: every key finds what was
/// kept for it, nothing else finds anything, and a full table starts again empty.
struct AmountTableTests {
    final class Box {
        let text: String
        init(_ text: String) { self.text = text }
    }

    static let keys: [[Int64]] = [
        [0],
        [1, -1, Int64.max, Int64.min],
        // Many neighbours and multiples, so probes run into each other.
        Array(0..<200).map { $0 * 1000 },
        Array(-100..<100),
        Array(0..<64).map { Int64(1) << $0 },
    ]

    @Test(arguments: keys) func everyKeptKeyFindsItsValue(_ keys: [Int64]) {
        var table = AmountTable(limit: 256)
        for key in keys { table.keep(Box("v\(key)"), for: key) }
        #expect(table.count == keys.count)
        for key in keys { #expect((table.object(for: key)?.takeUnretainedValue() as? Box)?.text == "v\(key)") }
        for key in [Int64(7), 12_345, -999_999] where !keys.contains(key) {
            #expect(table.object(for: key) == nil)
        }
    }

    @Test func keepingAKeyAgainReplacesItsValue() {
        var table = AmountTable(limit: 2)
        table.keep(Box("a"), for: 5)
        table.keep(Box("b"), for: 6)
        table.keep(Box("c"), for: 5)
        #expect(table.count == 2)
        #expect((table.object(for: 5)?.takeUnretainedValue() as? Box)?.text == "c")
        #expect((table.object(for: 6)?.takeUnretainedValue() as? Box)?.text == "b")
    }

    @Test func aFullTableStartsAgainEmpty() {
        var table = AmountTable(limit: 3)
        for key in Int64(1)...3 { #expect(table.keep(Box("\(key)"), for: key) == nil, "nothing dropped below the bound") }
        let dropped = table.keep(Box("4"), for: 4)
        #expect(dropped?.compactMap { ($0 as? Box)?.text }.sorted() == ["1", "2", "3"], "emptying hands back what it held")
        #expect(table.count == 1)
        #expect((table.object(for: 4)?.takeUnretainedValue() as? Box)?.text == "4")
        #expect((1...3).allSatisfy { table.object(for: Int64($0)) == nil })
    }
}
