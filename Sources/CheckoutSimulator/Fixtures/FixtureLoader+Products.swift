import CheckoutSimCommerce
import CheckoutSimGraphQL

extension FixtureLoader {
    /// Products from `products/*.json` in file-name order; identical duplicates merge, others conflict.
    mutating func loadProducts(brands: [Brand], defaultMaxPerOrder: Int, defaultTaxRate: TaxRate) -> [Product] {
        var merged = MergedProducts()
        let files = source.files.filter { $0.path.hasPrefix("products/") }
        if files.isEmpty {
            problems.append(FixtureProblem(file: "products/", path: "$", message: "no product files (products/*.json)"))
        }
        for file in files {
            guard let json = record(Self.parse(file.text, path: file.path)) else { continue }
            readProducts(in: json, file: file.path, brands: brands, defaults: (defaultMaxPerOrder, defaultTaxRate), into: &merged)
        }
        return merged.products
    }

    /// The products read so far and where each id was first seen.
    struct MergedProducts {
        var products: [Product] = []
        var firstSeen: [String: (file: String, path: String, product: Product, explicitRank: Bool)] = [:]
    }

    private mutating func readProducts(
        in json: JSON, file: String, brands: [Brand], defaults: ProductDefaults, into merged: inout MergedProducts
    ) {
        var reader = FixtureReader(file: file, currency: currency)
        var items: [JSON] = []
        var prefix = ""
        switch json {
        case .array(let array):
            items = array
        case .object(let object):
            if reader.object(json, at: "$", required: ["products"], optional: []) != nil, case .array(let array)? = object["products"] {
                items = array
                prefix = "products"
            } else if object["products"] != nil {
                reader.problem("products", "expected an array of products")
            }
        default:
            reader.problem("$", "expected an array of products or {\"products\": [...]}, found \(json.kindDescription)")
        }
        merged.products.reserveCapacity(merged.products.count + items.count)
        for (index, item) in items.enumerated() {
            let path = prefix + "[\(index)]"
            guard let (product, explicitRank) = readProduct(
                item, at: path, reader: &reader, brands: brands, defaults: defaults,
                rank: merged.products.count + 1)
            else { continue }
            if let earlier = merged.firstSeen[product.id] {
                let same = earlier.product.withRank(0) == product.withRank(0)
                    && (earlier.explicitRank == explicitRank) && (!explicitRank || earlier.product.rank == product.rank)
                if !same {
                    reader.problem(path, "product \"\(product.id)\" conflicts with its earlier copy at \(earlier.file): \(earlier.path)")
                }
                continue
            }
            merged.firstSeen[product.id] = (file, path, product, explicitRank)
            merged.products.append(product)
        }
        problems += reader.problems
    }

    private static let productKeys = FixtureKeys(
        required: ["id", "name", "brandId", "model", "category", "description", "price", "stock", "createdAt"],
        optional: ["compareAtPrice", "maxPerOrder", "imageURL", "rank", "thumbnailURL", "shortDescription", "attribute", "taxRate", "options", "variants"])

    /// What a product that sets none gets: the store's per-order limit and tax rate.
    typealias ProductDefaults = (maxPerOrder: Int, taxRate: TaxRate)

    private func readProduct(
        _ item: JSON, at path: String, reader: inout FixtureReader, brands: [Brand], defaults: ProductDefaults, rank: Int
    ) -> (Product, Bool)? {
        guard let member = reader.members(of: item, at: path, keys: Self.productKeys) else { return nil }
        let id = reader.id(member[0], "id", at: path)
        let name = reader.string(member[1], "name", at: path)
        let brandId = reader.id(member[2], "brandId", at: path)
        let knownBrand = brandId.map { id in brands.contains { $0.id == id } } ?? false
        if let brandId, !knownBrand {
            reader.problem(FixtureReader.join(path, "brandId"), "unknown brand \"\(brandId)\" (not in brands.json)")
        }
        let model = reader.string(member[3], "model", at: path)
        let category = reader.string(member[4], "category", at: path)
        let description = reader.string(member[5], "description", at: path, nonEmpty: false)
        let price = reader.decimal(member[6], "price", at: path)
        let compareAt = reader.decimal(member[9], "compareAtPrice", at: path)
        let stock = reader.int(member[7], "stock", at: path, range: 0...1_000_000_000)
        let maxPerOrder = member[10] == nil ? defaults.maxPerOrder : reader.int(member[10], "maxPerOrder", at: path, range: 1...10_000)
        let createdAt = reader.instant(member[8], "createdAt", at: path)
        let imageURL = reader.webAddress(member[11], "imageURL", at: path)
        let explicitRank = member[12] != nil
        let givenRank = explicitRank ? reader.int(member[12], "rank", at: path, range: Int(Int32.min)...Int(Int32.max)) : rank
        let thumbnailURL = reader.webAddress(member[13], "thumbnailURL", at: path)
        let shortDescription = reader.string(member[14], "shortDescription", at: path)
        let attribute = reader.string(member[15], "attribute", at: path)
        let taxRate = member[16] == nil ? defaults.taxRate : reader.taxRate(member[16], "taxRate", at: path)
        guard let id, let name, let brandId, knownBrand, let model, let category,
              let description, let price, let stock, let maxPerOrder, let createdAt, let givenRank, let taxRate,
              member[9] == nil || compareAt != nil, member[11] == nil || imageURL != nil, member[13] == nil || thumbnailURL != nil,
              member[14] == nil || shortDescription != nil, member[15] == nil || attribute != nil
        else { return nil }
        guard let (options, variants) = reader.variants(
            options: member[17], variants: member[18], at: path, product: (id, price, compareAt, stock, imageURL))
        else { return nil }
        return (Product(
            id: id, name: name, brandId: brandId, model: model, category: category, description: description, price: price,
            compareAtPrice: compareAt, initialStock: stock, maxPerOrder: maxPerOrder, createdAt: createdAt, imageURL: imageURL,
            rank: givenRank, thumbnailURL: thumbnailURL, shortDescription: shortDescription, attribute: attribute, taxRate: taxRate,
            options: options, variants: variants),
            explicitRank)
    }
}

extension Product {
    func withRank(_ rank: Int) -> Product {
        Product(
            id: id, name: name, brandId: brandId, model: model, category: category, description: description, price: price,
            compareAtPrice: compareAtPrice, initialStock: initialStock, maxPerOrder: maxPerOrder, createdAt: createdAt,
            imageURL: imageURL, rank: rank, thumbnailURL: thumbnailURL, shortDescription: shortDescription, attribute: attribute,
            taxRate: taxRate, options: options, variants: variants)
    }
}

