import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A generated catalog of any size, built from the bundled store, offers and cards, for benchmarks.
public enum BenchmarkCatalog {
    static let words = ["Aero", "Nova", "Pulse", "Vertex", "Orbit", "Echo", "Lumen", "Quartz", "Zen", "Flux", "Terra", "Ion"]
    static let kinds = ["Phone", "Laptop", "Tablet", "Headphones", "Watch", "Speaker", "Camera", "Monitor"]

    /// The bundled fixtures with `count` generated products over `pages` files, deterministically.
    public static func source(products count: Int, pages: Int = 10) -> FixtureSource {
        let bundled = FixtureSource.bundled
        // The bundled home screen links bundled products, which a generated catalog does not have.
        var files = bundled.files.filter { !$0.path.hasPrefix("products/") && !$0.path.hasPrefix("collections/") }
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
}
