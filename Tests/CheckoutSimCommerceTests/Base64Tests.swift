import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimCommerce

/// The cursor encoder against RFC 4648's test vectors and against Foundation, whose text the
/// cursors had before (a cursor a client kept must still decode).
struct Base64Tests {
    struct Vector: CustomTestStringConvertible, Sendable {
        let input: String
        let output: String
        var testDescription: String { input.isEmpty ? "empty" : input }
    }

    /// RFC 4648 §10.
    static let vectors: [Vector] = [
        .init(input: "", output: ""), .init(input: "f", output: "Zg=="), .init(input: "fo", output: "Zm8="),
        .init(input: "foo", output: "Zm9v"), .init(input: "foob", output: "Zm9vYg=="), .init(input: "fooba", output: "Zm9vYmE="),
        .init(input: "foobar", output: "Zm9vYmFy"),
    ]

    @Test(arguments: vectors)
    func encodesTheRFCVectors(_ vector: Vector) {
        #expect(Base64.encode(vector.input) == vector.output)
    }

    /// Every byte value at every position of a three-byte group, and lengths 0 to 64, each the
    /// same as Foundation's encoding.
    @Test func matchesFoundation() {
        var seed: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt8 {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return UInt8(truncatingIfNeeded: seed >> 33)
        }
        var inputs: [[UInt8]] = (0...255).flatMap { byte in [[UInt8(byte)], [0, UInt8(byte)], [0, 0, UInt8(byte)]] }
        inputs += (0...64).map { length in (0..<length).map { _ in next() } }
        for bytes in inputs {
            let ours = bytes.withUnsafeBufferPointer { Base64.encode($0) }
            #expect(ours == Data(bytes).base64EncodedString(), "\(bytes)")
        }
    }

    @Test func aCursorRoundTrips() throws {
        let cursor = Cursor(endpoint: "products", order: .priceAscending, key: .text("Ünïcode name"), id: "p-ü7")
        let decoded = try #require(Cursor(encoded: cursor.encoded))
        #expect(decoded == cursor)
        #expect(cursor.encoded == Data("v1|products|PRICE_ASC|p-ü7|t:Ünïcode name".utf8).base64EncodedString())
    }
}
