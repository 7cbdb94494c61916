import Testing
@testable import CheckoutSimGraphQL

struct SmallMapTests {
    struct Named: SmallMapElement, Equatable {
        let key: String
        var value: Int
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
}
