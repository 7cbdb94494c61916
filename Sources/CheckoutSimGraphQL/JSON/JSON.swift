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

    /// The text when this is a string.
    public var stringValue: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The number when this is an integer.
    public var intValue: Int? {
        if case .int(let value) = self { return value }
        return nil
    }

    /// The flag when this is a boolean.
    public var boolValue: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The items when this is an array.
    public var arrayValue: [JSON]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members when this is an object.
    public var objectValue: JSONObject? {
        if case .object(let value) = self { return value }
        return nil
    }

    /// About the bytes the value's compact JSON takes (strings without their escapes, numbers as
    /// 8), without writing it: what budgets on kept and read values count.
    package var approximateTextSize: Int {
        switch self {
        case .null, .bool, .int, .double: return 8
        case .string(let text): return text.utf8.count + 2
        case .array(let items): return 2 + items.reduce(0) { $0 + 1 + $1.approximateTextSize }
        case .object(let object): return 2 + zip(object.keys, object.values).reduce(0) { $0 + $1.0.utf8.count + 4 + $1.1.approximateTextSize }
        }
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
    /// The member names, in order (a name may repeat).
    public private(set) var keys: [String]
    /// The member values, in the order of `keys`.
    public private(set) var values: [JSON]

    /// An empty object.
    public init() {
        keys = []
        values = []
    }

    /// An object from parallel arrays of keys and values of the same length.
    init(keys: [String], values: [JSON]) {
        self.keys = keys
        self.values = values
    }

    /// An object with `members`, in that order.
    public init(_ members: [(String, JSON)]) {
        keys = members.map(\.0)
        values = members.map(\.1)
    }

    /// How many members the object has.
    public var count: Int { keys.count }
    /// Whether the object has no members.
    public var isEmpty: Bool { keys.isEmpty }

    /// The members as (name, value) pairs, in order.
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

    /// Makes room for `count` members without regrowing.
    public mutating func reserveCapacity(_ count: Int) {
        keys.reserveCapacity(count)
        values.reserveCapacity(count)
    }
}

extension JSON: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral, ExpressibleByNilLiteral, ExpressibleByFloatLiteral
{
    /// `"text"` as a JSON string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// `42` as a JSON integer.
    public init(integerLiteral value: Int) { self = .int(value) }
    /// `true` as a JSON boolean.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// `1.5` as a JSON number.
    public init(floatLiteral value: Double) { self = .double(value) }
    /// `[…]` as a JSON array.
    public init(arrayLiteral elements: JSON...) { self = .array(elements) }
    /// `nil` as JSON `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `["key": value]` as a JSON object, members in the order written.
    public init(dictionaryLiteral elements: (String, JSON)...) { self = .object(JSONObject(elements)) }
}

extension JSONObject: ExpressibleByDictionaryLiteral {
    /// `["first": 4, "after": nil]` as a JSON object, members in the order written.
    public init(dictionaryLiteral elements: (String, JSON)...) { self.init(elements) }
}
