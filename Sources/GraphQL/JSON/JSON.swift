/// An ordered JSON value: object members keep the order they were written in.
///
/// Output order must never depend on hashing, so objects are arrays of members rather than
/// dictionaries. Lookups are linear, which is faster than hashing for the handful of keys that
/// GraphQL requests and responses carry.
public enum JSON: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int)
    case double(Double)
    case string(String)
    case array([JSON])
    case object(JSONObject)

    /// The member named `key` when this is an object.
    public subscript(key: String) -> JSON? {
        if case .object(let object) = self { return object[key] }
        return nil
    }

    /// The element at `index` when this is an array and the index is in range.
    public subscript(index: Int) -> JSON? {
        if case .array(let items) = self, items.indices.contains(index) { return items[index] }
        return nil
    }

    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// The JSON type name used in error messages ("a string", "an object", …).
    public var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .int, .double: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }
}

/// The members of a JSON object, in order.
public struct JSONObject: Sendable, Equatable {
    public private(set) var keys: [String]
    public private(set) var values: [JSON]

    public init() {
        keys = []
        values = []
    }

    /// An object from parallel arrays of keys and values of the same length.
    init(keys: [String], values: [JSON]) {
        self.keys = keys
        self.values = values
    }

    public init(_ members: [(String, JSON)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
    }

    public var count: Int { keys.count }
    public var isEmpty: Bool { keys.isEmpty }

    public var members: Zip2Sequence<[String], [JSON]> { zip(keys, values) }

    /// The value for `key`, or nil; with duplicate keys the last one wins, as in JavaScript.
    public subscript(key: String) -> JSON? {
        get {
            // Comparing lengths first skips most of Swift's (much slower) full string comparisons.
            let length = key.utf8.count
            guard let index = keys.lastIndex(where: { $0.utf8.count == length && $0 == key }) else { return nil }
            return values[index]
        }
        set {
            if let index = keys.lastIndex(of: key) {
                if let newValue {
                    values[index] = newValue
                } else {
                    keys.remove(at: index)
                    values.remove(at: index)
                }
            } else if let newValue {
                append(key, newValue)
            }
        }
    }

    /// Adds a member at the end without looking for an existing one.
    public mutating func append(_ key: String, _ value: JSON) {
        keys.append(key)
        values.append(value)
    }

    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    public init(nilLiteral: ()) { self = .null }
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}
