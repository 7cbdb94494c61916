import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Reads `collections/*.json` (docs/fixtures.md#content-collections): checks each file's keys, names and ids, infers the
/// item types (`ContentLoader+Inference`), then checks names against the shop schema and each
/// other and every link against the catalog. Every problem is reported, not just the first.
struct ContentLoader {
    /// One file as read, before its types are inferred.
    struct Draft {
        let file: String
        let name: String
        let singular: String
        let typeName: String
        let description: String
        /// `fields`: descriptions by field path (`title`, `action.label`), with where each was written.
        let documented: [(path: String, text: String)]
        let items: [JSONObject]
        let positionById: [String: Int]
    }

    /// The shop schema's names, which collections must not take.
    struct Reserved {
        let typeNames: Set<String>
        let queryFields: Set<String>
    }

    let catalog: Catalog
    let reserved: Reserved
    var problems: [FixtureProblem] = []
    var shapes: [ContentShape] = []
    var values: [ContentValue] = []
    var recordStarts: [Int] = []
    var drafts: [Draft] = []

    static let topLevelKeys = ["type", "description", "singular", "fields", "items"]

    init(catalog: Catalog, reserved: Reserved) {
        self.catalog = catalog
        self.reserved = reserved
    }

    /// The collections of `files` (paths under `collections/`, in path order).
    mutating func load(_ files: [(path: String, json: JSON)]) -> ContentCollections {
        for file in files {
            if let draft = read(file.json, file: file.path) { drafts.append(draft) }
        }
        checkNames()
        let itemShapes = drafts.map { draft in
            inferShape(
                typeName: draft.typeName, description: draft.description, draft: draft, prefix: "",
                objects: draft.items, pathOf: { "items[\($0)]" })
        }
        for (draft, shape) in zip(drafts, itemShapes) { applyDocumentation(draft, shape: shape) }
        // Room for every record at once, as if each item had every nested object.
        func size(_ shape: Int) -> (values: Int, records: Int) {
            shapes[shape].fields.reduce((shapes[shape].fields.count, 1)) { total, field in
                guard case .object(let nested) = field.kind else { return total }
                let inner = size(nested)
                return (total.0 + inner.values, total.1 + inner.records)
            }
        }
        let sizes = zip(drafts, itemShapes).map { draft, shape in
            let one = size(shape)
            return (values: one.values * draft.items.count, records: one.records * draft.items.count)
        }
        values.reserveCapacity(sizes.reduce(0) { $0 + $1.values })
        recordStarts.reserveCapacity(sizes.reduce(0) { $0 + $1.records })
        var collections: [ContentCollection] = []
        for (index, draft) in drafts.enumerated() {
            let items = draft.items.enumerated().map { position, item in
                record(item, shape: itemShapes[index], draft: draft, path: "items[\(position)]")
            }
            collections.append(ContentCollection(
                name: draft.name, singular: draft.singular, shape: itemShapes[index], description: draft.description,
                items: items, positionById: draft.positionById,
                idSlot: shapes[itemShapes[index]].fields.firstIndex { $0.name == "id" } ?? 0))
        }
        return ContentCollections(collections: collections, shapes: shapes, values: values, recordStarts: recordStarts)
    }

    mutating func problem(_ file: String, _ path: String, _ message: String) {
        problems.append(FixtureProblem(file: file, path: path, message: message))
    }

    /// Whether `name` is a GraphQL name not reserved for introspection.
    static func isValidName(_ name: String) -> Bool {
        guard let first = name.utf8.first, !name.hasPrefix("__") else { return false }
        let isLetter = { (byte: UInt8) in (byte >= 65 && byte <= 90) || (byte >= 97 && byte <= 122) || byte == 95 }
        return isLetter(first) && name.utf8.allSatisfy { isLetter($0) || ($0 >= 48 && $0 <= 57) }
    }

    /// Checks the file's top level and ids; nil when the file cannot be used at all.
    private mutating func read(_ json: JSON, file: String) -> Draft? {
        let name = String(file.dropFirst("collections/".count).dropLast(".json".count))
        guard case .object(let object) = json else {
            problem(file, "$", "expected an object like {\"type\": \"Banner\", \"description\": \"…\", \"items\": […]}, found \(json.kindDescription)")
            return nil
        }
        for key in object.keys where !Self.topLevelKeys.contains(key) {
            problem(file, key, "unknown key (expected one of \(Self.topLevelKeys.map { "\"\($0)\"" }.joined(separator: ", ")))")
        }
        if !Self.isValidName(name) {
            problem(file, "$", "the file name \"\(name)\" is not a GraphQL name: it becomes the query field, so use letters, digits and _ (like \"homeSections.json\")")
        }
        let typeName = text(object, "type", file: file, example: "\"Banner\"")
        if let typeName, !Self.isValidName(typeName) {
            problem(file, "type", "\"\(typeName)\" is not a GraphQL type name (letters, digits and _, not starting with a digit or __)")
        }
        let description = text(object, "description", file: file, example: "\"A banner on the home screen.\"")
        var singular = String(name.dropLast())
        if object["singular"] != nil {
            if let given = text(object, "singular", file: file, example: "\"banner\"") { singular = given }
            if !Self.isValidName(singular) { problem(file, "singular", "\"\(singular)\" is not a GraphQL name") }
        } else if !name.hasSuffix("s") || name.count < 2 {
            problem(file, "$", "\"\(name)\" does not end in s, so its singular cannot be guessed: give one as \"singular\"")
        }
        if singular == name { problem(file, "singular", "the singular must differ from the collection's name \"\(name)\"") }
        let documented = readDocumentation(object["fields"], file: file)
        let items = readItems(object["items"], file: file)
        guard let typeName, let description, let items else { return nil }
        return Draft(
            file: file, name: name, singular: singular, typeName: typeName, description: description, documented: documented,
            items: items.objects, positionById: items.positionById)
    }

    private mutating func text(_ object: JSONObject, _ key: String, file: String, example: String) -> String? {
        guard let value = object[key] else {
            problem(file, key, "missing (expected a string like \(example))")
            return nil
        }
        guard case .string(let text) = value, !text.isEmpty else {
            problem(file, key, "expected a non-empty string like \(example), found \(value.kindDescription)")
            return nil
        }
        return text
    }

    private mutating func readDocumentation(_ json: JSON?, file: String) -> [(path: String, text: String)] {
        guard let json else { return [] }
        guard case .object(let object) = json else {
            problem(file, "fields", "expected an object of descriptions like {\"title\": \"The headline.\"}, found \(json.kindDescription)")
            return []
        }
        var documented: [(String, String)] = []
        for (key, value) in object.members {
            guard case .string(let text) = value, !text.isEmpty else {
                problem(file, "fields.\(key)", "expected a non-empty description string, found \(value.kindDescription)")
                continue
            }
            documented.append((key, text))
        }
        return documented
    }

    /// The items and their positions by id; nil when there are none to infer types from.
    private mutating func readItems(_ json: JSON?, file: String) -> (objects: [JSONObject], positionById: [String: Int])? {
        guard let json else {
            problem(file, "items", "missing (expected an array of objects, each with an \"id\")")
            return nil
        }
        guard case .array(let values) = json else {
            problem(file, "items", "expected an array of objects, found \(json.kindDescription)")
            return nil
        }
        guard !values.isEmpty else {
            problem(file, "items", "is empty: the item type is inferred from the items, so give at least one")
            return nil
        }
        var objects: [JSONObject] = []
        var positionById: [String: Int] = [:]
        objects.reserveCapacity(values.count)
        positionById.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            guard case .object(let object) = value else {
                problem(file, "items[\(index)]", "expected an object, found \(value.kindDescription)")
                continue
            }
            switch object["id"] {
            case nil:
                problem(file, "items[\(index)]", "missing \"id\" (every item needs a unique id)")
            case .string(let id)? where FixtureReader.isValidId(id):
                // One hash per id: the first place an id was seen is put back when it repeats.
                if let first = positionById.updateValue(objects.count, forKey: id) {
                    positionById[id] = first
                    problem(file, "items[\(index)].id", "duplicate id \"\(id)\" (first at items[\(first)].id)")
                }
            case let other?:
                problem(file, "items[\(index)].id", "expected an id string matching [A-Za-z0-9._-]{1,64}, found \(other.stringValue.map { "\"\($0)\"" } ?? other.kindDescription)")
            }
            objects.append(object)
        }
        return (objects, positionById)
    }
}
