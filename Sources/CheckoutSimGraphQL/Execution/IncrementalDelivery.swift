/// An answer with deferred fields as incremental payloads, in the shape of `deferSpec=20220824`
/// (Apollo's and Shopify's; docs/apollo.md#defer): the initial payload without the deferred
/// fields and `"hasNext": true`, then one payload per deferred fragment and object —
/// `{"incremental": [{"data", "path", "label"?, "errors"?}], "hasNext"}`, the last with `false`.
///
/// The payloads are cut from the plain answer by the executor's notes (`DeferredObject`), so
/// merging them gives the plain answer back. Parts follow the document: by their fragment's
/// place, then in the order their objects were written, a part inside another's fields after it.
package enum IncrementalDelivery {
    /// One part before it is written: the fragment, the object's path and the keys it brings
    /// there, and the object as the plain answer has it.
    private struct Part {
        let deferral: Deferral
        let path: [PathComponent]
        var keys: [String]
        var object = JSONObject()
    }

    /// The payloads of `response`, or nil when nothing was deferred (an inactive `@defer`, or no
    /// object that a deferred fragment applied to): the answer then goes whole.
    package static func payloads(of response: GraphQLResponse) -> [JSON]? {
        guard !response.deferredObjects.isEmpty, case .object(let whole) = response.json, let data = whole["data"], data != .null else {
            return nil
        }
        // An object is written once at its path, so its own fields make its parts.
        var parts: [Part] = []
        for object in response.deferredObjects {
            let first = parts.count
            for field in object.fields {
                if let index = parts[first...].firstIndex(where: { $0.deferral == field.deferral }) {
                    parts[index].keys.append(field.key)
                } else {
                    parts.append(Part(deferral: field.deferral, path: object.path, keys: [field.key]))
                }
            }
        }
        // An object null bubbling took away has no part to give.
        parts = parts.compactMap { part in
            guard case .object(let object)? = value(at: part.path, in: data) else { return nil }
            var found = part
            found.object = object
            return found
        }
        guard !parts.isEmpty else { return nil }
        parts = ordered(parts)

        var initial = data
        for part in parts { remove(part.keys, at: part.path[...], from: &initial) }
        // Each error goes with the part whose fields hold its path (the deepest), else the initial payload.
        var initialErrors: [JSON] = []
        var partErrors = [[JSON]](repeating: [], count: parts.count)
        for error in response.errors {
            let path = error.path ?? []
            let owner = parts.indices.filter { index in
                parts[index].keys.contains { path.starts(with: parts[index].path + [.key($0)]) }
            }.max { parts[$0].path.count < parts[$1].path.count }
            if let owner { partErrors[owner].append(error.json) } else { initialErrors.append(error.json) }
        }

        var payloads: [JSON] = []
        var first = JSONObject([("data", initial)])
        if !initialErrors.isEmpty { first.append("errors", .array(initialErrors)) }
        first.append("hasNext", true)
        payloads.append(.object(first))
        for (index, part) in parts.enumerated() {
            var own = JSONObject()
            for (key, value) in part.object.members where part.keys.contains(key) { own.append(key, value) }
            var partData = JSON.object(own)
            // What later parts bring inside this part's fields is theirs.
            for other in parts where other.path.count > part.path.count && other.path.starts(with: part.path) {
                remove(other.keys, at: other.path[part.path.count...], from: &partData)
            }
            var item = JSONObject([("data", partData), ("path", .array(part.path.map(\.json)))])
            if let label = part.deferral.label { item.append("label", .string(label)) }
            if !partErrors[index].isEmpty { item.append("errors", .array(partErrors[index])) }
            payloads.append(.object(JSONObject([("incremental", .array([.object(item)])), ("hasNext", .bool(index < parts.count - 1))])))
        }
        return payloads
    }

    /// The parts in the document's order (their fragments' places, then the order written), each
    /// after the part whose fields hold its object, so a client always has where to put it.
    private static func ordered(_ parts: [Part]) -> [Part] {
        let sorted = parts.enumerated().sorted { ($0.element.deferral.offset, $0.offset) < ($1.element.deferral.offset, $1.offset) }.map(\.element)
        // A part inside another's fields lies deeper than it: parts all at one depth are in order.
        guard let depth = sorted.first?.path.count, sorted.contains(where: { $0.path.count != depth }) else { return sorted }
        // Which part brings the field at each path (its object's path and the key).
        var bringer: [[PathComponent]: Int] = [:]
        for (index, part) in sorted.enumerated() {
            for key in part.keys { bringer[part.path + [.key(key)]] = index }
        }
        func parentParts(of part: Part) -> [Int] {
            (1...max(1, part.path.count)).compactMap { length in length <= part.path.count ? bringer[Array(part.path.prefix(length))] : nil }
        }
        var done = [Bool](repeating: false, count: sorted.count)
        var result: [Part] = []
        result.reserveCapacity(sorted.count)
        // Each pass writes every part whose parents are written; parents are shallower, so the
        // passes are at most as many as the deepest nesting.
        while result.count < sorted.count {
            for (index, part) in sorted.enumerated() where !done[index] && parentParts(of: part).allSatisfy({ done[$0] }) {
                done[index] = true
                result.append(part)
            }
        }
        return result
    }

    /// The value at `path` in `root`, or nil when there is none.
    private static func value(at path: [PathComponent], in root: JSON) -> JSON? {
        var current = root
        for step in path {
            switch (step, current) {
            case (.key(let key), .object(let object)):
                guard let next = object[key] else { return nil }
                current = next
            case (.index(let index), .array(let items)):
                guard items.indices.contains(index) else { return nil }
                current = items[index]
            default:
                return nil
            }
        }
        return current
    }

    /// Removes `keys` from the object at `path` in `root`, when there is one. Each value on the
    /// way is taken out of its parent while it changes, so nothing is copied.
    private static func remove(_ keys: [String], at path: ArraySlice<PathComponent>, from root: inout JSON) {
        guard let step = path.first else {
            guard case .object(var object) = root else { return }
            root = .null
            for key in keys { object[key] = nil }
            root = .object(object)
            return
        }
        switch (step, root) {
        case (.key(let name), .object(var object)):
            root = .null
            if var child = object[name] {
                object[name] = .null
                remove(keys, at: path.dropFirst(), from: &child)
                object[name] = child
            }
            root = .object(object)
        case (.index(let index), .array(var items)):
            root = .null
            if items.indices.contains(index) { remove(keys, at: path.dropFirst(), from: &items[index]) }
            root = .array(items)
        default:
            return
        }
    }

}
