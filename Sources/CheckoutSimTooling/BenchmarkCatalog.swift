import CheckoutSimulator
import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A generated catalog of any size, built from the bundled store, offers and cards, for benchmarks.
package enum BenchmarkCatalog {
    static let words = ["Aero", "Nova", "Pulse", "Vertex", "Orbit", "Echo", "Lumen", "Quartz", "Zen", "Flux", "Terra", "Ion"]
    static let kinds = ["Phone", "Laptop", "Tablet", "Headphones", "Watch", "Speaker", "Camera", "Monitor"]

    /// The bundled fixtures with `count` generated products over `pages` files, deterministically.
    package static func source(products count: Int, pages: Int = 10) -> FixtureSource {
        let bundled = FixtureSource.bundled
        // The bundled home screen links bundled products, which a generated catalog does not have.
        // Collections, the Storefront content and the customers' past orders name bundled products,
        // which a generated catalog lacks.
        var files = bundled.files.filter {
            !$0.path.hasPrefix("products/") && !$0.path.hasPrefix("collections/") && !$0.path.hasPrefix("storefront/") && $0.path != "customers.json"
        }
        let brandIds = ["apple", "samsung", "google", "sony", "bose", "dell", "lenovo", "garmin"]
        let perPage = max(1, (count + pages - 1) / pages)
        var page = 0
        var start = 0
        while start < count {
            let end = min(count, start + perPage)
            var writer = JSONWriter(capacity: (end - start) * 330)
            writer.append("[")
            for index in start..<end {
                if index > start { writer.append(",") }
                let word = words[index % words.count]
                let kind = kinds[(index / words.count) % kinds.count]
                let price = 1_000 + (index &* 7_919) % 250_000
                let object = JSONObject([
                    ("id", .string("p\(index)")),
                    ("name", .string("\(word) \(kind) \(index)")),
                    ("brandId", .string(brandIds[index % brandIds.count])),
                    ("model", .string("\(word) \(kind)")),
                    ("category", .string(kind + "s")),
                    ("description", .string("A generated \(kind.lowercased()) for benchmarks.")),
                    ("price", .string("\(price / 100).\(price % 100 < 10 ? "0" : "")\(price % 100)")),
                    ("stock", .int(index % 17)),
                    ("createdAt", .string(Instant(seconds: 1_735_689_600 + Int64(index % 100_000) * 60).iso8601)),
                ])
                writer.write(.object(object))
            }
            writer.append("]")
            files.append(("products/bench-\(page < 10 ? "0" : "")\(page).json", writer.withBytes { String(decoding: $0, as: UTF8.self) }))
            page += 1
            start = end
        }
        return FixtureSource(files: files, origin: "generated \(count)-product catalog")
    }

    /// The bundled fixtures with `collections` generated collections of `items` items each
    /// (`items0`, `items1`, …): ten fields, a nested object, a list and a product link per item.
    package static func source(collections: Int, items: Int) -> FixtureSource {
        var files = FixtureSource.bundled.files
        let productIds = ["iphone-15", "galaxy-s24", "pixel-8", "sony-wh-1000xm5", "bose-qc-ultra", "dell-xps-13"]
        for collection in 0..<collections {
            var writer = JSONWriter(capacity: items * 300)
            writer.append(Array(#"{"type": "Item\#(collection)", "description": "Generated items for benchmarks.", "singular": "item\#(collection)", "items": ["#.utf8))
            for index in 0..<items {
                if index > 0 { writer.append(",") }
                let word = words[index % words.count]
                writer.write(.object(JSONObject([
                    ("id", .string("i\(index)")),
                    ("title", .string("\(word) \(index)")),
                    ("subtitle", .string("A generated item for benchmarks.")),
                    ("rank", .int(index)),
                    ("score", .double(Double(index % 50) / 10 + 0.5)),
                    ("active", .bool(index % 3 != 0)),
                    ("tags", .array([.string(word), .string(kinds[index % kinds.count])])),
                    ("imageURL", .string("https://images.example.com/items/\(index).jpg")),
                    ("action", .object(JSONObject([("kind", .string("URL")), ("url", .string("https://example.com/\(index)"))]))),
                    ("productId", .string(productIds[index % productIds.count])),
                ])))
            }
            writer.append("]}")
            files.append(("collections/items\(collection).json", writer.withBytes { String(decoding: $0, as: UTF8.self) }))
        }
        return FixtureSource(files: files, origin: "generated \(collections) collections of \(items) items")
    }
}
