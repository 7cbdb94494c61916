import CheckoutSimCommerce
import CheckoutSimGraphQL

/// One `ProductFilter` input (docs/storefront.md#filters): what it asks of a product.
enum ProductFilterInput: Sendable, Equatable {
    case available(Bool)
    case price(min: Int64?, max: Int64?)
    case productType(String)
    case vendor(String)
    case tag(String)
    case option(name: String, value: String)

    /// The kind, for grouping: filters of one kind are alternatives, of different kinds all apply.
    var kind: String {
        switch self {
        case .available: "available"
        case .price: "price"
        case .productType: "productType"
        case .vendor: "productVendor"
        case .tag: "tag"
        case .option(let name, _): "variantOption." + name.lowercased()
        }
    }

    /// The inputs a `filters`/`productFilters` argument lists; parts the mock does not model
    /// (metafields, taxonomy categories) ask nothing.
    static func list(_ value: JSON?, currency: Currency) -> [ProductFilterInput] {
        (value?.arrayValue ?? []).flatMap { item -> [ProductFilterInput] in
            var found: [ProductFilterInput] = []
            if let flag = item["available"]?.boolValue { found.append(.available(flag)) }
            if let range = item["price"]?.objectValue {
                found.append(.price(min: minorUnits(range["min"], currency), max: minorUnits(range["max"], currency)))
            }
            if let type = item["productType"]?.stringValue { found.append(.productType(type)) }
            if let vendor = item["productVendor"]?.stringValue { found.append(.vendor(vendor)) }
            if let tag = item["tag"]?.stringValue { found.append(.tag(tag)) }
            if let option = item["variantOption"]?.objectValue, let name = option["name"]?.stringValue, let value = option["value"]?.stringValue {
                found.append(.option(name: name, value: value))
            }
            return found
        }
    }

    /// A `Float` amount in the shop's minor units, rounded to the nearest; nil when absent or out
    /// of range. (Shopify's schema types the bounds as `Float`: the one place an amount arrives
    /// as a binary fraction, converted here once.)
    private static func minorUnits(_ value: JSON?, _ currency: Currency) -> Int64? {
        let number: Double
        switch value {
        case .int(let whole)?: number = Double(whole)
        case .double(let fraction)?: number = fraction
        default: return nil
        }
        let scaled = (number * Double(currency.scale)).rounded()
        guard scaled.isFinite, abs(scaled) <= Double(Currency.maximumAmount) else { return nil }
        return Int64(scaled)
    }

    /// Whether the product at `position` passes.
    func admits(_ product: Product, vendor: String, stock: Int, inventory: Inventory, position: Int) -> Bool {
        switch self {
        case .available(let flag): return (stock > 0) == flag
        case .price(let min, let max):
            return product.variants.contains { variant in
                (min.map { variant.price >= $0 } ?? true) && (max.map { variant.price <= $0 } ?? true)
            }
        case .productType(let type): return product.category.lowercased() == type.lowercased()
        case .vendor(let name): return vendor.lowercased() == name.lowercased()
        case .tag(let tag): return ([product.model] + (product.attribute.map { [$0] } ?? [])).contains { $0.lowercased() == tag.lowercased() }
        case .option(let name, let value):
            guard let index = product.options.firstIndex(where: { $0.name.lowercased() == name.lowercased() }) else {
                return name == "Title" && value == ProductVariant.defaultTitle
            }
            return product.variants.contains { $0.optionValues[index].lowercased() == value.lowercased() }
        }
    }
}

/// A `Filter` a product list offers, with its values and counts.
struct FacetValue: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "Filter" }

    let id: String
    let label: String
    let type: String
    let values: [FacetOption]
}

/// A `FilterValue`: its label, how many products it keeps, and the `ProductFilter` that picks it.
struct FacetOption: BoxedObject {
    static func carries(_ name: String) -> Bool { name == "FilterValue" }

    let id: String
    let label: String
    let count: Int
    let input: JSON
}

extension StorefrontContext {
    /// The products `base` keeps that pass every kind of `filters` (each kind: any of its inputs),
    /// skipping the kind `except` (facets count so, disjunctively, as docs/schema.md#ordering-search-and-filters).
    func mask(base: ProductFilter, filters: [ProductFilterInput], except: String? = nil) -> [Bool] {
        refine(base.mask(shop.catalog, inventory: shop.inventory), filters: filters, except: except)
    }

    /// The products of `mask` that pass every kind of `filters` but `except`.
    private func refine(_ mask: [Bool], filters: [ProductFilterInput], except: String?) -> [Bool] {
        let shop = self.shop
        var mask = mask
        let groups = Dictionary(grouping: filters.filter { $0.kind != except }, by: \.kind)
        guard !groups.isEmpty else { return mask }
        let kinds = groups.keys.sorted()
        for position in mask.indices where mask[position] {
            let product = shop.catalog.products[position]
            let vendor = shop.catalog.brand(id: product.brandId)?.name ?? ""
            let stock = shop.inventory.stock(at: position)
            mask[position] = kinds.allSatisfy { kind in
                groups[kind]?.contains { $0.admits(product, vendor: vendor, stock: stock, inventory: shop.inventory, position: position) } ?? true
            }
        }
        return mask
    }

    /// The filters a list of `base`'s products offers under `filters`: availability, price,
    /// product type, vendor, tag and each variant option, values with no products left out.
    func facets(base: ProductFilter, filters: [ProductFilterInput]) -> [FacetValue] {
        let catalog = shop.catalog
        // The base list is worked out once; each facet refines it without its own kind.
        let baseMask = base.mask(catalog, inventory: shop.inventory)
        func counted(_ kind: String, _ keys: (Product, Int) -> [String]) -> [(String, Int)] {
            let mask = refine(baseMask, filters: filters, except: kind)
            var counts: [String: Int] = [:]
            for position in mask.indices where mask[position] {
                for key in Set(keys(catalog.products[position], position)) { counts[key, default: 0] += 1 }
            }
            return counts.keys.sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }.map { ($0, counts[$0] ?? 0) }
        }
        func input(_ members: [(String, JSON)]) -> JSON { .string(JSON.object(JSONObject(members)).serialized()) }
        var facets: [FacetValue] = []
        let availability = counted("available") { _, position in [shop.inventory.stock(at: position) > 0 ? "In stock" : "Out of stock"] }
        facets.append(FacetValue(id: "filter.v.availability", label: "Availability", type: "LIST", values: availability.map { label, count in
            FacetOption(id: "filter.v.availability.\(label == "In stock" ? 1 : 0)", label: label, count: count, input: input([("available", .bool(label == "In stock"))]))
        }))
        let priceMask = refine(baseMask, filters: filters, except: "price")
        let prices = priceMask.indices.filter { priceMask[$0] }.flatMap { catalog.products[$0].variants.map(\.price) }
        let highest = prices.max() ?? 0
        facets.append(FacetValue(id: "filter.v.price", label: "Price", type: "PRICE_RANGE", values: [
            FacetOption(id: "filter.v.price", label: "Price", count: priceMask.filter { $0 }.count, input: input([("price", .object(JSONObject([
                ("min", .double(0)), ("max", .string(ShopifyDecimal.text(highest, currency: shop.currency))),
            ])))]))
        ]))
        let types = counted("productType") { product, _ in [product.category] }
        facets.append(FacetValue(id: "filter.p.product_type", label: "Product type", type: "LIST", values: types.map { value, count in
            FacetOption(id: "filter.p.product_type.\(Self.slug(value))", label: value, count: count, input: input([("productType", .string(value))]))
        }))
        let vendors = counted("productVendor") { product, _ in [catalog.brand(id: product.brandId)?.name ?? ""] }.filter { !$0.0.isEmpty }
        facets.append(FacetValue(id: "filter.p.vendor", label: "Vendor", type: "LIST", values: vendors.map { value, count in
            FacetOption(id: "filter.p.vendor.\(Self.slug(value))", label: value, count: count, input: input([("productVendor", .string(value))]))
        }))
        let tags = counted("tag") { product, _ in [product.model] + (product.attribute.map { [$0] } ?? []) }
        facets.append(FacetValue(id: "filter.p.tag", label: "Tag", type: "LIST", values: tags.map { value, count in
            FacetOption(id: "filter.p.tag.\(Self.slug(value))", label: value, count: count, input: input([("tag", .string(value))]))
        }))
        let optionNames = Set(catalog.products.flatMap { $0.options.map(\.name) }).sorted { Array($0.utf8).lexicographicallyPrecedes(Array($1.utf8)) }
        for name in optionNames {
            let values = counted("variantOption." + name.lowercased()) { product, _ in
                guard let index = product.options.firstIndex(where: { $0.name == name }) else { return [] }
                return product.variants.map { $0.optionValues[index] }
            }
            guard !values.isEmpty else { continue }
            facets.append(FacetValue(id: "filter.v.option.\(Self.slug(name))", label: name, type: "LIST", values: values.map { value, count in
                FacetOption(
                    id: "filter.v.option.\(Self.slug(name)).\(Self.slug(value))", label: value, count: count,
                    input: input([("variantOption", .object(JSONObject([("name", .string(name)), ("value", .string(value))])))]))
            }))
        }
        return facets.filter { !$0.values.isEmpty }
    }
}

extension StorefrontBinding {
    static func filterFields(_ fields: inout ModeledFields) {
        fields.object("Filter", as: FacetValue.self) { facet in
            facet.text("id") { facet, _ in facet.id }
            facet.text("label") { facet, _ in facet.label }
            facet.text("type") { facet, _ in facet.type }
            facet.field("values") { facet, _ in facet.values }
        }
        fields.object("FilterValue", as: FacetOption.self) { option in
            option.text("id") { option, _ in option.id }
            option.text("label") { option, _ in option.label }
            option.field("count") { option, _ in Resolved.int(option.count) }
            option.field("input") { option, _ in Resolved.leaf(option.input) }
        }
    }
}
