import Testing
@testable import CheckoutSimGraphQL

/// The parser hands out a schema's own string for a name the schema declares (`KnownNames`);
/// every name must read exactly as its bytes do, declared or not, short or long, mid-text or at
/// its very end (where the table reads byte by byte, not a word at a time).
struct KnownNamesTests {
    /// Names of every length from 1 to 20 bytes, declared and not.
    static let declared = (1...20).map { String(repeating: "a", count: $0 - 1) + "b" } + ["first", "Product", "__typename"]

    @Test(arguments: [true, false]) func everyNameReadsAsItsBytes(_ atTheEnd: Bool) throws {
        let table = KnownNames(Self.declared)
        let undeclared = (1...20).map { String(repeating: "a", count: $0 - 1) + "c" }
        for name in Self.declared + undeclared {
            // The name closes the document, or has a long tail after it.
            let text = "{ x(\(name): 1) }" + (atTheEnd ? "" : " " + String(repeating: "#", count: 40))
            let source = Array(text.utf8)
            let parsed = try Parser.parse(source, knownNames: table)
            let plain = try Parser.parse(source)
            #expect(parsed.arguments.map(\.name.value) == [name])
            #expect(plain.arguments.map(\.name.value) == [name])
            #expect(parsed.arguments.map(\.name.hash) == plain.arguments.map(\.name.hash))
            // Directly, with the name as the last bytes of the buffer.
            let bare = Array(name.utf8)
            let found = bare.withUnsafeBytes { table.text(hash: Name.hash(name), in: $0, start: 0, end: bare.count) }
            #expect(found == (Self.declared.contains(name) && bare.count <= 16 ? name : nil), "\(name)")
            // And followed by other bytes, read a word at a time.
            let followed = Array((name + " and more bytes after it").utf8)
            let foundAmid = followed.withUnsafeBytes { table.text(hash: Name.hash(name), in: $0, start: 0, end: bare.count) }
            #expect(foundAmid == found, "\(name)")
        }
    }

    /// A name the table holds whose bytes differ in the last place is not taken for it.
    @Test func aNameDifferingInOneByteIsNotFound() {
        let table = KnownNames(["abcdefghijklmnop", "abcdefgh"])
        for (name, hashOf) in [("abcdefghijklmnoq", "abcdefghijklmnop"), ("abcdefgi", "abcdefgh")] {
            let bytes = Array((name + "  trailing bytes to read whole words").utf8)
            // The hash of the held name, so only the bytes can tell the two apart.
            let found = bytes.withUnsafeBytes { table.text(hash: Name.hash(hashOf), in: $0, start: 0, end: name.utf8.count) }
            #expect(found == nil)
        }
    }
}
