import Foundation

extension ShopControl {
    /// A JSON value, as the control API sends and the journal holds it: variables, patterns.
    ///
    /// Written as literals: `["productId": "pixel-8", "quantity": 2]`. Numbers that are not whole
    /// are kept as `Decimal`, never as binary floating point.
    public enum Value: Sendable, Equatable, Codable, CustomStringConvertible {
        case null
        case bool(Bool)
        case int(Int)
        case number(Decimal)
        case string(String)
        case array([Value])
        case object([String: Value])

        /// Reads any JSON value.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if container.decodeNil() {
                self = .null
            } else if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
            } else if let int = try? container.decode(Int.self) {
                self = .int(int)
            } else if let number = try? container.decode(Decimal.self) {
                self = .number(number)
            } else if let string = try? container.decode(String.self) {
                self = .string(string)
            } else if let array = try? container.decode([Value].self) {
                self = .array(array)
            } else {
                self = .object(try container.decode([String: Value].self))
            }
        }

        /// Writes the value as JSON.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            switch self {
            case .null: try container.encodeNil()
            case .bool(let bool): try container.encode(bool)
            case .int(let int): try container.encode(int)
            case .number(let number): try container.encode(number)
            case .string(let string): try container.encode(string)
            case .array(let array): try container.encode(array)
            case .object(let object): try container.encode(object)
            }
        }

        /// Compact JSON text, object keys sorted: the same value always reads the same.
        public var description: String {
            switch self {
            case .null: "null"
            case .bool(let bool): bool ? "true" : "false"
            case .int(let int): String(int)
            case .number(let number): "\(number)"
            case .string(let string): Self.quoted(string)
            case .array(let array): "[" + array.map(\.description).joined(separator: ",") + "]"
            case .object(let object):
                "{" + object.keys.sorted().map { Self.quoted($0) + ":" + (object[$0] ?? .null).description }.joined(separator: ",") + "}"
            }
        }

        /// `text` as a JSON string.
        static func quoted(_ text: String) -> String {
            var out = "\""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "\"": out += "\\\""
                case "\\": out += "\\\\"
                case "\n": out += "\\n"
                case "\r": out += "\\r"
                case "\t": out += "\\t"
                case _ where scalar.value < 0x20: out += String(format: "\\u%04x", scalar.value)
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
    }
}

extension ShopControl.Value: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral {
    public init(nilLiteral: ()) { self = .null }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(stringLiteral value: String) { self = .string(value) }
    public init(arrayLiteral elements: ShopControl.Value...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ShopControl.Value)...) {
        self = .object(Dictionary(elements) { _, last in last })
    }
}
