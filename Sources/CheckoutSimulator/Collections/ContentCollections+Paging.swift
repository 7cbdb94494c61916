import CheckoutSimSupport
import CheckoutSimCommerce
import CheckoutSimGraphQL
import Foundation

/// A page of one collection's items, in file order, with the connection's metadata.
struct ContentPage: Sendable {
    /// The collection's index.
    let collection: Int
    /// The items on the page, as record numbers.
    let records: [Int]
    /// Each item's cursor, encoded only when a response asks for it.
    let cursors: [ContentCursor]
    let hasNextPage: Bool
    let hasPreviousPage: Bool
    /// How many items pass `where`, over all pages.
    let totalCount: Int
}

/// An item on a page with its cursor.
struct ContentEdge: Sendable {
    let record: ContentRecordNumber
    let cursor: String
}

/// An object of a collection, by record number: what every content type's fields read.
struct ContentRecordNumber: TablePosition {
    let index: Int
}

extension ContentCollections {
    /// Keyset paging in file order, with docs/schema.md#pagination's rules: the page holds the first `first`
    /// items after the cursor's item that pass every test of `tests` (field position, value).
    ///
    /// - Complexity: O(items) with tests (to count them), else O(first).
    func page(_ index: Int, first: Int, after: String?, tests: [(field: Int, value: JSON)]) throws(FieldError) -> ContentPage {
        let collection = collections[index]
        var start = 0
        if let after {
            guard let position = position(after: after, in: collection) else {
                throw FieldError(
                    "Argument \"after\" is not a cursor for \(collection.name): \(JSON.string(after).serialized()).", code: .badUserInput)
            }
            start = position + 1
        }
        let passes = { (position: Int) -> Bool in
            let record = collection.items[position]
            return tests.allSatisfy { value(record, $0.field).equals($0.value) }
        }
        var positions: [Int] = []
        var hasNextPage = false
        var scan = start
        while scan < collection.items.count {
            if passes(scan) {
                if positions.count == first {
                    hasNextPage = true
                    break
                }
                positions.append(scan)
            }
            scan += 1
        }
        let hasPreviousPage = start > 0 && (0..<start).contains(where: passes)
        let totalCount = tests.isEmpty ? collection.items.count : collection.items.indices.lazy.filter(passes).count
        return ContentPage(
            collection: index, records: positions.map { collection.items[$0] },
            cursors: positions.map { ContentCursor(collection: collection.name, id: id(at: $0, in: collection), position: $0) },
            hasNextPage: hasNextPage,
            hasPreviousPage: hasPreviousPage, totalCount: totalCount)
    }

    /// The item called `id` in collection `index`.
    func item(_ index: Int, id: String) -> ContentRecordNumber? {
        let collection = collections[index]
        return collection.positionById[id].map { ContentRecordNumber(index: collection.items[$0]) }
    }

    private func position(after cursor: String, in collection: ContentCollection) -> Int? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "v1", parts[1] == collection.name, parts[2] == "FILE_ORDER", parts[4].hasPrefix("i:"),
              let position = Int(parts[4].dropFirst(2)), collection.items.indices.contains(position),
              id(at: position, in: collection) == parts[3]
        else { return nil }
        return position
    }

    /// The id of the item at `position` (the loader refuses items without a text id).
    private func id(at position: Int, in collection: ContentCollection) -> String {
        guard case .text(let id) = value(collection.items[position], collection.idSlot) else { return "" }
        return id
    }
}

/// Where an item sits in its collection, as a cursor.
struct ContentCursor: Sendable {
    let collection: String
    let id: String
    let position: Int

    /// Base64 of `v1|NAME|FILE_ORDER|id|i:position`: the shape of the product cursors, with an
    /// order no product listing has, so neither kind of cursor is taken for the other.
    var encoded: String {
        Base64.encode("v1|\(collection)|FILE_ORDER|\(id)|i:\(position)")
    }
}
