import CheckoutSimCommerce
import CheckoutSimGraphQL

/// Type inference (docs/fixtures.md#content-collections): a field's kind comes from every item that has it, non-null when
/// every item has it non-null; objects become nested types; id fields that name a product, a
/// brand or another collection's items get a resolved field beside them.
extension ContentLoader {
    /// The names each collection adds: query fields and types, checked against the shop schema
    /// and the other collections.
    mutating func checkNames() {
        var queryFields: [String: String] = [:]
        var typeNames: [String: String] = [:]
        for draft in drafts {
            for (field, path) in [(draft.name, "$"), (draft.singular, "singular")] {
                if reserved.queryFields.contains(field) {
                    problem(draft.file, path, "Query.\(field) already exists in the shop schema: rename the collection (or give another \"singular\")")
                } else if let other = queryFields[field] {
                    problem(draft.file, path, "Query.\(field) is also made by \(other)")
                }
                queryFields[field] = queryFields[field] ?? draft.file
            }
            for suffix in ["", "Connection", "Edge", "Where"] {
                let name = draft.typeName + suffix
                if reserved.typeNames.contains(name) {
                    problem(draft.file, "type", "the type \(name) already exists in the shop schema: choose another \"type\"")
                } else if let other = typeNames[name] {
                    problem(draft.file, "type", "the type \(name) is also made by \(other)")
                }
                typeNames[name] = typeNames[name] ?? draft.file
            }
        }
    }

    /// What one field's values say so far.
    private struct Evidence {
        var kind: ContentKind?
        var firstPath = ""
        var present = 0
        /// The objects this field holds, and the position in `objects` of the object holding each.
        var nested: [JSONObject] = []
        var owners: [Int] = []
        var sawEmptyList = false
    }

    /// Infers the shape of `objects`, nested shapes first; its index in `shapes`. `pathOf` gives
    /// an object's path for messages (`items[3].action`): paths are built only when one is needed.
    mutating func inferShape(
        typeName: String, description: String, draft: Draft, prefix: String, objects: [JSONObject], pathOf: @escaping (Int) -> String
    ) -> Int {
        var order: [String] = []
        // Evidence by position in `order`. Items usually write their keys in one order, so the key
        // at the same position is tried first: hashing every key was a fifth of loading large
        // collections (Benchmarks/NOTES.md).
        var evidence: [Evidence] = []
        // Each member's position in `order`, for objects whose keys array is `slotsFor`: the JSON
        // parser shares one keys array among objects with the same keys, so most items reuse
        // the previous item's slots (about 60 → 40 ms of inference for 100,000 items).
        var slots: [Int] = []
        var slotsFor: UnsafeRawPointer?
        var idSlot = -1
        for (position, object) in objects.enumerated() {
            let keys = object.keys.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
            if keys == nil || keys != slotsFor {
                slotsFor = keys
                slots.removeAll(keepingCapacity: true)
                for (member, name) in object.keys.enumerated() {
                    var slot = member < order.count && order[member] == name ? member : order.firstIndex(of: name) ?? -1
                    if slot < 0 {
                        slot = order.count
                        order.append(name)
                        evidence.append(Evidence())
                        if prefix.isEmpty, name == "id" { idSlot = slot }
                        if !Self.isValidName(name) {
                            problem(draft.file, "\(pathOf(position)).\(name)", "\"\(name)\" is not a GraphQL field name (letters, digits and _, not starting with a digit or __)")
                        }
                    }
                    slots.append(slot)
                }
            }
            for member in slots.indices {
                let slot = slots[member]
                // An item's id that is not text was reported when the items were read.
                if slot == idSlot, object.values[member].stringValue == nil { continue }
                observe(object.values[member], owner: position, at: "\(pathOf(position)).\(order[slot])", into: &evidence[slot], file: draft.file)
            }
        }
        let index = shapes.count
        shapes.append(ContentShape(typeName: typeName, description: description, fields: []))
        var fields: [ContentField] = []
        for (name, seen) in zip(order, evidence) {
            let place = prefix + name
            var kind: ContentKind
            if let known = seen.kind {
                kind = known
            } else {
                let why = seen.sawEmptyList ? "is an empty array wherever it is given" : "is null wherever it is given"
                problem(draft.file, "\(pathOf(0)).\(name)", "\"\(place)\" \(why): its type cannot be inferred (give one item a value)")
                continue
            }
            if name == "id", kind == .string { kind = .id }
            if case .object = kind {
                let nestedName = typeName + name.prefix(1).uppercased() + name.dropFirst()
                let nested = inferShape(
                    typeName: nestedName, description: "The `\(name)` object of a \(typeName).", draft: draft,
                    prefix: place + ".", objects: seen.nested, pathOf: { [owners = seen.owners] in "\(pathOf(owners[$0])).\(name)" })
                kind = .object(nested)
            }
            let description = place == "id" ? "The \(draft.singular)'s id, unique in \(draft.file)." : "`\(place)` as \(draft.file) gives it."
            fields.append(ContentField(
                name: name, description: description, kind: kind,
                nonNull: seen.present == objects.count, link: nil))
        }
        shapes[index].fields = fields
        addLinks(to: index, draft: draft, at: pathOf(0))
        return index
    }

    // Paths are built only for a problem or a field's first value: building one for every value of
    // 100,000 items cost more than the rest of inference.
    private mutating func observe(_ value: JSON, owner: Int, at path: @autoclosure () -> String, into seen: inout Evidence, file: String) {
        let kind: ContentKind
        switch value {
        case .null: return
        case .string: kind = .string
        case .int: kind = .int
        case .double: kind = .float
        case .bool: kind = .bool
        case .object(let object):
            seen.nested.append(object)
            seen.owners.append(owner)
            kind = .object(0)
        case .array(let elements):
            guard let element = listElementKind(elements, at: path(), file: file) else {
                seen.present += elements.isEmpty ? 1 : 0
                seen.sawEmptyList = seen.sawEmptyList || elements.isEmpty
                return
            }
            kind = .list(element)
        }
        seen.present += 1
        guard let known = seen.kind else {
            seen.kind = kind
            seen.firstPath = path()
            return
        }
        switch (known, kind) {
        case (.int, .float), (.list(.int), .list(.float)): seen.kind = kind
        case (.float, .int), (.list(.float), .list(.int)): break
        default:
            if known != kind {
                problem(file, path(), "expected \(known) as at \(seen.firstPath), found \(kind) (one field holds one kind of value)")
            }
        }
    }

    /// The kind of a list's elements; nil for an empty list or after reporting a bad one.
    private mutating func listElementKind(_ elements: [JSON], at path: @autoclosure () -> String, file: String) -> ContentKind? {
        var element: ContentKind?
        for (position, value) in elements.enumerated() {
            let kind: ContentKind
            switch value {
            case .string: kind = .string
            case .int: kind = .int
            case .double: kind = .float
            case .bool: kind = .bool
            default:
                problem(file, "\(path())[\(position)]", "expected a string, number or boolean (arrays hold scalars of one kind), found \(value.kindDescription)")
                return nil
            }
            switch (element, kind) {
            case (nil, _), (.int?, .float): element = kind
            case (.float?, .int): break
            case (let known?, _) where known != kind:
                problem(file, "\(path())[\(position)]", "expected \(known) like the array's first element, found \(kind)")
                return nil
            default: break
            }
        }
        return element
    }

    /// Marks `productId(s)`, `brandId(s)` and `<singular>Id(s)` fields as links, with the
    /// resolved field's name; a resolved name the items already use is a problem.
    private mutating func addLinks(to shape: Int, draft: Draft, at path: String) {
        let names = Set(shapes[shape].fields.map(\.name))
        for position in shapes[shape].fields.indices {
            let field = shapes[shape].fields[position]
            let many = field.name.hasSuffix("Ids")
            guard many || field.name.hasSuffix("Id") else { continue }
            let base = String(field.name.dropLast(many ? 3 : 2))
            let target: ContentLink.Target
            if base == "product" {
                target = .product
            } else if base == "brand" {
                target = .brand
            } else if let collection = drafts.firstIndex(where: { $0.singular == base }) {
                target = .collection(collection)
            } else {
                continue
            }
            let resolved = many ? base + "s" : base
            let expected: ContentKind = many ? .list(.string) : .string
            guard field.kind == expected || (!many && field.kind == .id) else {
                problem(draft.file, "\(path).\(field.name)", "a link to \(base)s: expected \(expected), found \(field.kind)")
                continue
            }
            if names.contains(resolved) {
                problem(draft.file, "\(path).\(resolved)", "\"\(resolved)\" is resolved from \"\(field.name)\": rename one of them")
                continue
            }
            shapes[shape].fields[position].link = ContentLink(target: target, field: resolved, many: many)
        }
    }

    /// Applies the file's `fields` descriptions; a description of a field no item has is a problem.
    mutating func applyDocumentation(_ draft: Draft, shape root: Int) {
        for (path, text) in draft.documented {
            var shape = root
            let parts = path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
            var found = false
            for (depth, part) in parts.enumerated() {
                guard let position = shapes[shape].fields.firstIndex(where: { $0.name == part }) else { break }
                if depth == parts.count - 1 {
                    shapes[shape].fields[position].description = text
                    found = true
                } else if case .object(let nested) = shapes[shape].fields[position].kind {
                    shape = nested
                } else {
                    break
                }
            }
            if !found { problem(draft.file, "fields.\(path)", "no item has a field \"\(path)\" to describe") }
        }
    }

    /// Stores `object` (and the objects inside it) as records; its record number. Link ids
    /// that name nothing are reported here, where each one's path is known.
    mutating func record(_ object: JSONObject, shape: Int, draft: Draft, path: @autoclosure () -> String) -> Int {
        let fields = shapes[shape].fields
        // The record's run is reserved first; the objects nested in it get runs after it.
        let start = values.count
        values.append(contentsOf: repeatElement(.null, count: fields.count))
        recordStarts.append(start)
        let number = recordStarts.count - 1
        for slot in fields.indices {
            // Items usually write their keys in the shape's order, so the key at the field's own
            // position is tried before a search; fields are read by index rather than copied,
            // which dominated the pass (Benchmarks/NOTES.md).
            let name = fields[slot].name
            let value = slot < object.count && object.keys[slot] == name ? object.values[slot] : object[name] ?? .null
            if let link = fields[slot].link { checkLink(value, link, at: "\(path()).\(name)", file: draft.file) }
            let stored: ContentValue
            switch (fields[slot].kind, value) {
            case (_, .null): stored = .null
            case (.id, .string(let text)), (.string, .string(let text)): stored = .text(text)
            case (.int, .int(let number)): stored = .int(number)
            case (.float, .int(let number)): stored = .float(Double(number))
            case (.float, .double(let number)): stored = .float(number)
            case (.bool, .bool(let flag)): stored = .bool(flag)
            case (.list(.float), .array(let elements)): stored = .list(elements.map { $0.intValue.map { .double(Double($0)) } ?? $0 })
            case (.list, .array(let elements)): stored = .list(elements)
            case (.object(let nested), .object(let inner)): stored = .record(record(inner, shape: nested, draft: draft, path: "\(path()).\(name)"))
            default: stored = .null  // a mismatch, reported by inference
            }
            values[start + slot] = stored
        }
        return number
    }

    private mutating func checkLink(_ value: JSON, _ link: ContentLink, at path: @autoclosure () -> String, file: String) {
        switch value {
        case .string(let id):
            if let missing = missing(id, link) { problem(file, path(), missing) }
        case .array(let elements):
            for (index, element) in elements.enumerated() {
                if let id = element.stringValue, let missing = missing(id, link) { problem(file, "\(path())[\(index)]", missing) }
            }
        default: break
        }
    }

    /// Why `id` names nothing `link` can reach; nil when it names something.
    private func missing(_ id: String, _ link: ContentLink) -> String? {
        switch link.target {
        case .product where catalog.position(of: id) == nil: "no product \"\(id)\" (not in products/*.json)"
        case .brand where catalog.brandPosition(id: id) == nil: "no brand \"\(id)\" (not in brands.json)"
        case .collection(let index) where drafts[index].positionById[id] == nil:
            "no \(drafts[index].singular) \"\(id)\" (not in \(drafts[index].file))"
        default: nil
        }
    }
}
