import CheckoutSimSupport
import Foundation

/// An opaque keyset cursor: the endpoint and order it belongs to and the last item's key and id.
package struct Cursor: Sendable, Equatable {
    /// Which list it pages (`products`, `brandSections`, …).
    package let endpoint: String
    /// The sort order it was made for.
    package let order: ProductOrder
    /// The last item's sort key.
    package let key: SortKey
    /// The last item's id, which breaks ties.
    package let id: String

    /// A cursor after the item with `key` and `id`.
    package init(endpoint: String, order: ProductOrder, key: SortKey, id: String) {
        self.endpoint = endpoint
        self.order = order
        self.key = key
        self.id = id
    }

    /// Base64 of `v1|endpoint|ORDER|id|i:123` (or `t:text` for name keys).
    package var encoded: String {
        var text = ""
        writeEncoded { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// Passes `encoded`'s bytes to `sink`, made in temporary memory: a listing of edges writes
    /// one cursor per edge, and a `String` made for each cost the guarded listing of 20 edges
    /// 113k → 126k instructions (docs/benchmarks.md#the-instruction-guard). The one place Commerce
    /// hands out bytes rather than values; not generic: called across modules, a generic one
    /// looked up `Result`'s metadata on every call (Benchmarks/NOTES.md, issue 43).
    package func writeEncoded(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
        var endpoint = endpoint
        var id = id
        var keyText = ""
        var keyDigits: Int64?
        switch key {
        case .int(let value): keyDigits = value
        case .text(let value): keyText = value
        }
        let order = order.text
        // The strings' bytes in place (no copy for native strings), the fixed pieces from
        // static text: a listing writes one cursor per edge (Benchmarks/NOTES.md, issue 43).
        endpoint.withUTF8 { endpoint in
            id.withUTF8 { id in
                keyText.withUTF8 { keyText in
                    let digitCount = keyDigits.map(Self.decimalCount) ?? 0
                    let count = 3 + endpoint.count + 1 + order.utf8CodeUnitCount + 1 + id.count + 3 + digitCount + keyText.count
                    withUnsafeTemporaryAllocation(of: UInt8.self, capacity: count) { text in
                        var out = TextBuilder(text)
                        out.put("v1|")
                        out.put(endpoint)
                        out.put("|")
                        out.put(order)
                        out.put("|")
                        out.put(id)
                        if let value = keyDigits {
                            out.put("|i:")
                            out.putDecimal(value, count: digitCount)
                        } else {
                            out.put("|t:")
                            out.put(keyText)
                        }
                        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: Base64.encodedCount(count)) { output in
                            let written = Base64.encode(UnsafeBufferPointer(text), into: output)
                            sink(UnsafeBufferPointer(rebasing: output[..<written]))
                        }
                    }
                }
            }
        }
    }

    /// Fills a buffer counted beforehand, front to back; a piece past its end traps.
    private struct TextBuilder {
        let text: UnsafeMutableBufferPointer<UInt8>
        var at = 0

        init(_ text: UnsafeMutableBufferPointer<UInt8>) {
            self.text = text
        }

        mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
            precondition(bytes.count <= text.count - at, "Cursor: the text outgrew its counted length")
            guard let from = bytes.baseAddress, let to = text.baseAddress else { return }
            (to + at).initialize(from: from, count: bytes.count)
            at += bytes.count
        }

        mutating func put(_ piece: StaticString) {
            put(UnsafeBufferPointer(start: piece.utf8Start, count: piece.utf8CodeUnitCount))
        }

        /// `String(value)`'s bytes (`count` of them: `decimalCount(value)`).
        mutating func putDecimal(_ value: Int64, count: Int) {
            Cursor.writeDecimal(value, into: UnsafeMutableBufferPointer(rebasing: text[at..<(at + count)]))
            at += count
        }
    }

    /// How many characters `String(value)` has.
    private static func decimalCount(_ value: Int64) -> Int {
        var count = value < 0 ? 2 : 1
        var rest = value / 10
        while rest != 0 {
            count += 1
            rest /= 10
        }
        return count
    }

    /// `String(value)`'s bytes, into `output` (exactly `decimalCount(value)` long).
    fileprivate static func writeDecimal(_ value: Int64, into output: UnsafeMutableBufferPointer<UInt8>) {
        var rest = value
        var index = output.count - 1
        repeat {
            let digit = Int(rest % 10).magnitude
            output[index] = UInt8(ascii: "0") + UInt8(digit)
            rest /= 10
            index -= 1
        } while rest != 0
        if value < 0 { output[0] = UInt8(ascii: "-") }
    }

    /// Decodes a cursor string; nil when it is not one of ours.
    package init?(encoded: String) {
        guard let data = Data(base64Encoded: encoded), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "v1", let order = ProductOrder(rawValue: String(parts[2])), !parts[3].isEmpty
        else { return nil }
        let keyText = parts[4]
        if keyText.hasPrefix("i:"), let value = Int64(keyText.dropFirst(2)) {
            key = .int(value)
        } else if keyText.hasPrefix("t:") {
            key = .text(String(keyText.dropFirst(2)))
        } else {
            return nil
        }
        endpoint = String(parts[1])
        self.order = order
        id = String(parts[3])
    }
}

/// One page of products: positions in order, with connection metadata.
package struct ProductPage: Sendable, Equatable {
    /// The products' positions, in page order.
    package let positions: [Int]
    /// The cursor of each position: its endpoint, order and sort key.
    package let cursors: PageCursors
    /// Whether more products follow.
    package let hasNextPage: Bool
    /// Whether products come before (known only when a cursor was given).
    package let hasPreviousPage: Bool
    /// How many products match, over all pages.
    package let totalCount: Int
}

/// Keyset pagination over a catalog order (docs/schema.md#pagination).
///
/// The page after a cursor starts at the first item strictly after the cursor's (key, id) in the
/// current order, found by binary search, so it never repeats or skips an item when stock, carts
/// or the catalog change between requests.
package enum Paginator {
    /// `offset` skips that many matching items first (page-number paging; not duplicate-safe
    /// when the catalog changes between pages, which is why cursors exist). Give `offset` or
    /// `after`, not both; with an offset, `hasPreviousPage` is `offset > 0`.
    ///
    /// - Complexity: O(log n + first) without a filter; a filter adds O(n) to count matches;
    ///   an offset adds O(offset).
    package static func page(
        _ catalog: Catalog, inventory: Inventory, order: ProductOrder, filter: ProductFilter, first: Int,
        after: Cursor?, offset: Int = 0, endpoint: String
    ) -> ProductPage {
        let index = catalog.indexes(for: order)
        var start = 0
        if let after {
            start = ProductOrder.insertionPoint(in: index, key: after.key, id: after.id, order: order) {
                (catalog.key(of: $0, in: order), catalog.products[$0].id)
            }
            if start < index.count, catalog.products[index[start]].id == after.id { start += 1 }
        }
        let mask = filter.isEmpty ? [] : filter.mask(catalog, inventory: inventory)
        let matches = { (position: Int) in mask.isEmpty || mask[position] }
        var positions: [Int] = []
        positions.reserveCapacity(first)
        var scan = start
        var hasNextPage = false
        var skipped = 0
        while scan < index.count {
            let position = index[scan]
            scan += 1
            guard matches(position) else { continue }
            if skipped < offset {
                skipped += 1
                continue
            }
            if positions.count == first {
                hasNextPage = true
                break
            }
            positions.append(position)
        }
        var hasPreviousPage = offset > 0
        if after != nil {
            var back = start - 1
            while back >= 0 {
                if matches(index[back]) {
                    hasPreviousPage = true
                    break
                }
                back -= 1
            }
        }
        let totalCount = filter.isEmpty ? index.count : mask.reduce(0) { $0 + ($1 ? 1 : 0) }
        return ProductPage(
            positions: positions, cursors: PageCursors(catalog, positions: positions, order: order, endpoint: endpoint),
            hasNextPage: hasNextPage, hasPreviousPage: hasPreviousPage, totalCount: totalCount)
    }
}
