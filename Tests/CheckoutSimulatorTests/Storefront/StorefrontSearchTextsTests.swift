import CheckoutSimCommerce
import Testing
@testable import CheckoutSimGraphQL
@testable import CheckoutSimStorefront
@testable import CheckoutSimulator

/// The kept search texts of the Storefront search (docs/storefront.md#search-syntax): words and
/// phrases found as the string functions would find them, in linear time, and made again when
/// the catalog changes.
struct StorefrontSearchTextsTests {
    /// Words as `SearchQuery.words(of:)` splits them, ASCII or not.
    @Test(arguments: ["galaxy watch6 40-mm, silver", "  café crème — 2 pièces ", "", "...", "ß straße İstanbul 東京 タワー", "a"])
    func wordsAreTheSplitWords(_ text: String) {
        let list = WordList(bytes: Array(text.utf8))
        let expected = SearchQuery.words(of: text).map { Array($0.utf8) }
        #expect((0..<list.count).map { Array(list[$0]) } == expected)
        for word in expected {
            #expect(list.contains(word, prefix: false))
            #expect(list.contains(Array(word.prefix(1)), prefix: true))
        }
        #expect(!list.contains(Array("zz".utf8), prefix: true))
        #expect(!list.contains([], prefix: true), "an empty word matches nothing")
    }

    /// A word matches whole unless it is a prefix; `among` reads only the leading words.
    @Test func wholeWordsPrefixesAndTheLeadingWords() {
        let list = WordList(bytes: Array("pixel 8 pro pixelbook".utf8))
        #expect(list.contains(Array("pixel".utf8), prefix: false))
        #expect(!list.contains(Array("pix".utf8), prefix: false))
        #expect(list.contains(Array("pix".utf8), prefix: true))
        #expect(!list.contains(Array("pixelbooks".utf8), prefix: true))
        #expect(list.contains(Array("pro".utf8), prefix: false, among: 3))
        #expect(!list.contains(Array("pro".utf8), prefix: false, among: 2))
        #expect(list.words(before: 8) == 2)
    }

    /// The phrase search agrees with a naive one on every placement of a few hard patterns
    /// (self-overlapping, repeated, at either end).
    @Test func phrasesAreFoundWhereANaiveSearchFindsThem() {
        let texts = ["aaaaab", "abababac", "abcabcabd", "xyz", "", "ab", "aabaabaaa"]
        let phrases = ["aab", "ababac", "abcabd", "b", "aaaaaa", "abab", "baa", "zz", "a"]
        for text in texts {
            for phrase in phrases {
                let naive = text.utf8.count >= phrase.utf8.count && (0...(text.utf8.count - phrase.utf8.count)).contains { start in
                    Array(text.utf8)[start..<(start + phrase.utf8.count)].elementsEqual(phrase.utf8)
                }
                #expect(Phrase(Array(phrase.utf8)).occurs(in: Array(text.utf8)[...]) == naive, "\(phrase) in \(text)")
            }
        }
    }

    /// A naive search's worst case (a long run of one letter, the phrase differing at its end):
    /// not found, then found once the text ends as the phrase does.
    @Test func aPhraseOnALongRunIsFoundAtItsEnd() {
        let text = [UInt8](repeating: UInt8(ascii: "a"), count: 100_000)
        let phrase = Phrase([UInt8](repeating: UInt8(ascii: "a"), count: 255) + [UInt8(ascii: "b")])
        #expect(!phrase.occurs(in: text[...]))
        #expect(phrase.occurs(in: (text + [UInt8(ascii: "b")])[...]))
    }

    /// A product's fields are found in its kept text: title, vendor, type, tags, SKUs.
    @Test func aProductsFieldsAreKept() throws {
        let catalog = try Fixtures.bundled().catalog
        let product = try #require(catalog.products.first { $0.variants.count > 1 })
        let text = SearchQuery.ProductText(product, vendor: "ACME Goods")
        let bytes = text.words.bytes
        #expect(String(decoding: bytes[text.title], as: UTF8.self) == product.name.lowercased())
        #expect(String(decoding: bytes[text.vendor], as: UTF8.self) == "acme goods")
        #expect(String(decoding: bytes[text.productType], as: UTF8.self) == product.category.lowercased())
        #expect(text.tags.map { String(decoding: bytes[$0], as: UTF8.self) }.first == product.model.lowercased())
        #expect(text.skus.map { String(decoding: bytes[$0], as: UTF8.self) } == product.variants.map { $0.sku.lowercased() })
        #expect(text.titleWordCount == SearchQuery.words(of: product.name.lowercased()).count)
    }

    /// Texts made on several threads (as for a large catalog) are the ones made on one, in
    /// catalog order.
    @Test(arguments: [2, 3, 7])
    func textsMadeInChunksAreTheSame(_ sharedFrom: Int) throws {
        let fixtures = try Fixtures.bundled()
        let one = StorefrontRows(currency: fixtures.store.currency).searchTexts(of: fixtures.catalog)
        let shared = StorefrontRows(currency: fixtures.store.currency).searchTexts(of: fixtures.catalog, sharedFrom: sharedFrom)
        #expect(shared.count == fixtures.catalog.products.count)
        #expect(zip(one, shared).allSatisfy { $0.product === $1.product && $0.words.bytes == $1.words.bytes && $0.fields == $1.fields })
        #expect(zip(shared, fixtures.catalog.products).allSatisfy { $0.product === $1 })
    }

    @Test func aCatalogThatShrankKeepsNoTextsPastItsEnd() throws {
        let fixtures = try Fixtures.bundled()
        let rows = StorefrontRows(currency: fixtures.store.currency)
        _ = rows.searchTexts(of: fixtures.catalog)
        let fewer = Catalog(brands: fixtures.catalog.brands, products: Array(fixtures.catalog.products.suffix(3)))
        let texts = rows.searchTexts(of: fewer)
        #expect(texts.count == 3)
        #expect(zip(texts, fewer.products).allSatisfy { $0.product === $1 }, "made again: other products stand there now")
    }

    /// A product added is found by the next search; after a reset, another product at its
    /// position answers for itself, not the one the texts were made from.
    @Test func searchesFollowTheCatalog() throws {
        let simulator = try Simulator()
        func search(_ text: String) -> String {
            simulator.execute(GraphQLRequest(query: #"{ products(first: 5, query: "\#(text)") { nodes { title } } }"#), dialect: .storefront)
                .serialized(pretty: false)
        }
        #expect(search("zebra") == #"{"data":{"products":{"nodes":[]}}}"#)
        StorefrontKeptTextsTests.add("Zebra Mug", price: "9.00", to: simulator)
        #expect(search("zebra") == #"{"data":{"products":{"nodes":[{"title":"Zebra Mug"}]}}}"#)
        simulator.reset()
        StorefrontKeptTextsTests.add("Quokka Lamp", price: "9.00", to: simulator)
        #expect(search("zebra") == #"{"data":{"products":{"nodes":[]}}}"#)
        #expect(search("title:quok*") == #"{"data":{"products":{"nodes":[{"title":"Quokka Lamp"}]}}}"#)
        #expect(search(#"\"quokka lamp\""#) == #"{"data":{"products":{"nodes":[{"title":"Quokka Lamp"}]}}}"#)
    }
}
