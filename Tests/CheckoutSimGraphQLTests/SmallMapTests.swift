import Testing
@testable import CheckoutSimGraphQL

struct SmallMapTests {
    struct Named: SmallMapElement, Equatable {
        let key: String
        let keyHash: UInt64
        var value: Int

        init(key: String, value: Int) {
            self.init(key: key, keyHash: Name.hash(key), value: value)
        }

        /// An element whose stored hash may be another key's: the map must still compare the text.
        init(key: String, keyHash: UInt64, value: Int) {
            self.key = key
            self.keyHash = keyHash
            self.value = value
        }
    }

    struct SizeCase: CustomTestStringConvertible, Sendable {
        let count: Int
        var testDescription: String { "\(count) names" }
    }

    /// Below, at and past the scan limit, and far past it (a hostile document's thousands of arguments).
    static let sizes = [0, 1, SmallMap<Named>.scanLimit, SmallMap<Named>.scanLimit + 1, 100, 5_000].map(SizeCase.init)

    @Test(arguments: sizes) func everyNameIsFoundWhereItWasAddedAndNoOtherIs(_ size: SizeCase) {
        var map = SmallMap<Named>()
        for index in 0..<size.count { map.append(Named(key: "name\(index)", value: index)) }
        #expect(map.count == size.count)
        for index in 0..<size.count {
            #expect(map.position(of: "name\(index)") == index)
            #expect(map["name\(index)"]?.value == index)
        }
        // Same length as a name in the map, and a prefix of one: both absent.
        #expect(map.position(of: "nameX") == nil)
        #expect(map.position(of: "name") == nil)
        #expect(map.elements.map(\.value) == Array(0..<size.count), "in the order added")
    }

    @Test(arguments: sizes) func aRepeatedNameFindsTheLastAdded(_ size: SizeCase) {
        var names = (0..<size.count).map { Named(key: "n\($0 % 7)", value: $0) }
        names.append(Named(key: "n0", value: -1))
        let map = SmallMap(names)
        #expect(map["n0"]?.value == -1)
        #expect(map.count == names.count)
    }

    @Test func elementsChangeInPlaceAndStayFound() {
        var map = SmallMap<Named>((0..<40).map { Named(key: "k\($0)", value: $0) })
        map[map.position(of: "k39")!].value = 100
        map.append(Named(key: "k40", value: 40))
        #expect(map["k39"]?.value == 100)
        #expect(map["k40"]?.value == 40)
        #expect(map["k0"]?.value == 0)
    }

    /// Two keys whose hashes are equal (forced here) are still told apart by their text, scanned
    /// and hashed alike.
    @Test(arguments: [2, 40]) func anEqualHashWithOtherTextIsNoMatch(_ count: Int) {
        let shared = Name.hash("alpha")
        var map = SmallMap<Named>((0..<count - 1).map { Named(key: "k\($0)", value: $0) })
        map.append(Named(key: "alpha", keyHash: shared, value: 1))
        map.append(Named(key: "omega", keyHash: shared, value: 2))
        #expect(map.position(of: "alpha", hash: shared).map { map[$0].value } == 1)
        #expect(map.position(of: "omega", hash: shared).map { map[$0].value } == 2)
        #expect(map.position(of: "gamma", hash: shared) == nil)
    }

    /// A pooled map, emptied, finds nothing it held and everything added after.
    @Test(arguments: sizes) func anEmptiedMapStartsOver(_ size: SizeCase) {
        var map = SmallMap<Named>((0..<size.count).map { Named(key: "name\($0)", value: $0) })
        map.removeAll()
        #expect(map.count == 0)
        #expect(map.position(of: "name0") == nil)
        map.append(Named(key: "other", value: 7))
        #expect(map["other"]?.value == 7)
        #expect(map.position(of: "name0") == nil)
    }

    /// The hash the lexer works out for a document's names is the one the maps are keyed by.
    @Test func aDocumentsNamesCarryTheMapsHash() throws {
        let document = try Parser.parse("query Q($v: Int) { alias: field(argument: $v) { nested ...F } } fragment F on T { x }")
        var names: [Name] = []
        for field in document.fields { names.append(field.name); if let alias = field.alias { names.append(alias) } }
        names += document.arguments.map(\.name) + document.spreads.map(\.name) + document.fragments.map(\.typeCondition)
        names += document.variableDefinitions.map(\.name)
        #expect(names.count == 8)
        for name in names { #expect(name.hash == Name.hash(name.value), "\(name.value)") }
    }
}
