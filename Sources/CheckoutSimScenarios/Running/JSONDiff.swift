import CheckoutSimGraphQL

/// Path-anchored differences between two JSON values: `@ $.a.b  - old  + new`.
package enum JSONDiff {
    /// One line per difference, anchored at its path, in document order.
    /// `equal` decides whether two leaves match (exact equality unless given, such as the
    /// marker-aware match of `expect ... ==`).
    package static func lines(from old: JSON, to new: JSON, path: String = "$", equal: (JSON, JSON) -> Bool = { $0 == $1 }) -> [String] {
        switch (old, new) {
        case (.object(let a), .object(let b)):
            var result: [String] = []
            for (key, value) in a.members {
                if let other = b[key] {
                    result += lines(from: value, to: other, path: path + "." + key, equal: equal)
                } else {
                    result.append("@ \(path).\(key)  - \(short(value))")
                }
            }
            for (key, value) in b.members where a[key] == nil {
                result.append("@ \(path).\(key)  + \(short(value))")
            }
            return result
        case (.array(let a), .array(let b)):
            var result: [String] = []
            for index in 0..<max(a.count, b.count) {
                let itemPath = "\(path)[\(index)]"
                switch (index < a.count, index < b.count) {
                case (true, true): result += lines(from: a[index], to: b[index], path: itemPath, equal: equal)
                case (true, false): result.append("@ \(itemPath)  - \(short(a[index]))")
                default: result.append("@ \(itemPath)  + \(short(b[index]))")
                }
            }
            return result
        default:
            return equal(new, old) ? [] : ["@ \(path)  - \(short(old))  + \(short(new))"]
        }
    }

    static func short(_ value: JSON) -> String {
        let text = value.serialized()
        return text.count > 80 ? String(text.prefix(77)) + "..." : text
    }
}

extension JSON {
    /// Whether this is an object or an array.
    var isContainer: Bool {
        switch self {
        case .object, .array: true
        default: false
        }
    }
}
