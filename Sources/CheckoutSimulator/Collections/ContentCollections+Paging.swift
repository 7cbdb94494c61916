import CheckoutSimGraphQL
import Foundation

/// A page of one collection's items, in file order, with the connection's metadata.
struct ContentPage: Sendable {
    /// The collection's index.
    let collection: Int
    /// The items on the page, as record numbers.
    let records: [Int]
    /// Each item's cursor.
    let cursors: [String]
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
struct ContentRecordNumber: IndexedValue {
    let index: Int
}

extension ContentCollections {
    /// Keyset paging in file order, with SPEC §6.4's rules: the page holds the first `first`
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
            let values = records[collection.items[position]].values
            return tests.allSatisfy { values[$0.field].equals($0.value) }
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
            cursors: positions.map { cursor(at: $0, in: collection) }, hasNextPage: hasNextPage,
            hasPreviousPage: hasPreviousPage, totalCount: totalCount)
    }

    /// The item called `id` in collection `index`.
    func item(_ index: Int, id: String) -> ContentRecordNumber? {
        let collection = collections[index]
        return collection.positionById[id].map { ContentRecordNumber(index: collection.items[$0]) }
    }

    /// Base64 of `v1|NAME|FILE_ORDER|id|i:position`: the shape of the product cursors, with an
    /// order no product listing has, so neither kind of cursor is taken for the other.
    private func cursor(at position: Int, in collection: ContentCollection) -> String {
        let id = idOfItem(at: position, in: collection)
        return Data("v1|\(collection.name)|FILE_ORDER|\(id)|i:\(position)".utf8).base64EncodedString()
    }

    private func position(after cursor: String, in collection: ContentCollection) -> Int? {
        guard let data = Data(base64Encoded: cursor), let text = String(data: data, encoding: .utf8) else { return nil }
        let parts = text.split(separator: "|", maxSplits: 4, omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0] == "v1", parts[1] == collection.name, parts[2] == "FILE_ORDER", parts[4].hasPrefix("i:"),
              let position = Int(parts[4].dropFirst(2)), collection.items.indices.contains(position),
              idOfItem(at: position, in: collection) == parts[3]
        else { return nil }
        return position
    }

    private func idOfItem(at position: Int, in collection: ContentCollection) -> String {
        // The loader refuses items without a text id.
        guard case .text(let id) = records[collection.items[position]].values[idField(of: collection)] else { return "" }
        return id
    }

    private func idField(of collection: ContentCollection) -> Int {
        shapes[collection.shape].fields.firstIndex { $0.name == "id" } ?? 0
    }
}
