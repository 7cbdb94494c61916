import CheckoutSimGraphQL

/// The content collections of a fixture set (docs/fixtures.md#content-collections): banners, shops, home sections, FAQ…,
/// each a read-only list of items whose GraphQL type is inferred from the items themselves.
///
/// Every object — an item, or an object nested in one — is a record: a run of values in one
/// flat table, in the order of its shape's fields, so a field reads its value by position.
package struct ContentCollections: Sendable {
    /// The collections, in file-name order.
    let collections: [ContentCollection]
    /// The object shapes: each collection's item type and the nested types inside it.
    let shapes: [ContentShape]
    /// Every record's values, record after record. One table instead of an array per record:
    /// with the capacity reserved up front, storing 100,000 items took about 36 ms instead of 55.
    let values: [ContentValue]
    /// Where each record's values start in `values`, by record number.
    let recordStarts: [Int]

    /// No collections.
    static let empty = ContentCollections(collections: [], shapes: [], values: [], recordStarts: [])

    /// The value in slot `slot` (its shape's field position) of record `record`.
    func value(_ record: Int, _ slot: Int) -> ContentValue {
        values[recordStarts[record] + slot]
    }

    /// The collections' names, in file-name order (`banners`, `faqs`, …).
    package var names: [String] { collections.map(\.name) }

    /// What the schema built from these collections depends on (names, types, descriptions,
    /// links), and nothing the items hold: fixture sets that agree on it share one schema.
    var schemaSignature: String {
        var text = ""
        for collection in collections {
            text += "\(collection.name)|\(collection.singular)|\(collection.shape)|\(collection.description)\n"
        }
        for shape in shapes {
            text += "\(shape.typeName)|\(shape.description)\n"
            for field in shape.fields {
                text += "  \(field.name)|\(field.kind)|\(field.nonNull)|\(String(describing: field.link))|\(field.description)\n"
            }
        }
        return text
    }
}

/// One collection: `collections/NAME.json`.
struct ContentCollection: Sendable {
    /// `NAME`, the plural query field (`banners`).
    let name: String
    /// The singular query field (`banner`).
    let singular: String
    /// The item shape's index in `ContentCollections.shapes`.
    let shape: Int
    /// The file's `description`.
    let description: String
    /// The items' record numbers, in file order.
    let items: [Int]
    /// Each item's position in `items`, by id.
    let positionById: [String: Int]
    /// The position of `id` among the item shape's fields.
    let idSlot: Int
}

/// An object type inferred from the objects that have it.
struct ContentShape: Sendable {
    /// The GraphQL type name (`Banner`, `BannerAction`).
    let typeName: String
    /// Its description.
    let description: String
    /// Its fields, in the order they first appear in the file.
    var fields: [ContentField]
}

/// A field of an inferred object type.
struct ContentField: Sendable {
    /// The field's name as the items write it.
    let name: String
    /// Its description (from the file's `fields`, or a generated one).
    var description: String
    /// What its values are.
    var kind: ContentKind
    /// Whether every object that has the shape has the field, and never null.
    var nonNull: Bool
    /// What an id field links to, resolved beside it as another field.
    var link: ContentLink?
}

/// The kinds of value a content field holds.
enum ContentKind: Sendable, Equatable, CustomStringConvertible {
    case id, string, int, float, bool
    /// A list of one scalar kind.
    indirect case list(ContentKind)
    /// A nested object, by shape index.
    case object(Int)

    /// The GraphQL type, without the non-null mark of the field itself.
    func graphQLType(shapes: [ContentShape]) -> String {
        switch self {
        case .id: "ID"
        case .string: "String"
        case .int: "Int"
        case .float: "Float"
        case .bool: "Boolean"
        case .list(let element): "[\(element.graphQLType(shapes: shapes))!]"
        case .object(let shape): shapes[shape].typeName
        }
    }

    /// Whether `where` can test the field for equality.
    var isScalar: Bool {
        switch self {
        case .id, .string, .int, .float, .bool: true
        case .list, .object: false
        }
    }

    var description: String {
        switch self {
        case .id, .string, .int, .float, .bool, .object: (noun.first.map { "aeiou".contains($0) } == true ? "an " : "a ") + noun
        case .list(let element): "an array of \(element.noun)s"
        }
    }

    /// The kind's name in messages, without an article.
    private var noun: String {
        switch self {
        case .id: "id"
        case .string: "string"
        case .int: "integer"
        case .float: "number"
        case .bool: "boolean"
        case .list: "array"
        case .object: "object"
        }
    }

    /// The fields `where` can test, with their slots: every scalar field.
    static func scalarFields(of shape: ContentShape) -> [(slot: Int, field: ContentField)] {
        shape.fields.enumerated().compactMap { $1.kind.isScalar ? ($0, $1) : nil }
    }
}

/// What an id field (`productId`, `brandIds`, `shopId`) resolves to.
struct ContentLink: Sendable, Equatable, CustomStringConvertible {
    /// What the ids name.
    enum Target: Sendable, Equatable {
        case product, brand
        /// Items of another collection (or the same one), by index in `ContentCollections.collections`.
        case collection(Int)
    }

    let target: Target
    /// The resolved field's name (`product` beside `productId`).
    let field: String
    /// Whether the id field is a list (`productIds`).
    let many: Bool

    var description: String { "\(target)->\(field)\(many ? "[]" : "")" }
}

/// A value of a content field.
enum ContentValue: Sendable {
    case null
    case text(String)
    case int(Int)
    case float(Double)
    case bool(Bool)
    /// A list of scalars, as JSON.
    case list([JSON])
    /// A nested object, by record number.
    case record(Int)

    /// Whether the value equals `json`, a `where` test coerced to the field's type.
    func equals(_ json: JSON) -> Bool {
        switch (self, json) {
        case (.text(let value), .string(let other)): value == other
        case (.int(let value), .int(let other)): value == other
        case (.float(let value), .double(let other)): value == other
        case (.float(let value), .int(let other)): value == Double(other)
        case (.bool(let value), .bool(let other)): value == other
        default: false
        }
    }
}
