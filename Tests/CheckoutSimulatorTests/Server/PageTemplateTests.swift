import CheckoutSimGraphQL
import Foundation
import Testing
@testable import CheckoutSimulator

/// Every page marks the places the server writes into one way (`<!--sim:NAME-->`) and has one
/// rule for what it writes there (docs/http.md#pages).
struct PageTemplateTests {
    /// Each page's places, after its shared parts are written in: nothing else is left to write,
    /// and no marker of another syntax is left in any page or part.
    @Test func everyPageHasOnlyItsOwnPlaces() {
        #expect(CheckoutPage.template.places == ["checkout-setup"])
        #expect(DemoShopPage.template.places == ["shop-name", "shop-name", "shop-operations"])
        #expect(Playground.template.places == ["bundled-operations"])
        let written = [
            CheckoutPage.template.written([]), DemoShopPage.template.written([]), Playground.template.written([]),
        ].map { String(decoding: $0, as: UTF8.self) }
        for page in written {
            #expect(!page.contains("<!--sim:"))
            #expect(page.range(of: #"__[A-Z_]+__"#, options: .regularExpression) == nil, "a marker of another syntax")
        }
        // The shared parts are in: the presenter panel in the playground and the demo shop, the
        // shop client in the checkout and the demo shop, the kit's bridge in the checkout.
        #expect(written[0].contains("function graphQLClient") && written[1].contains("function graphQLClient"))
        #expect(written[1].contains("id=\"presenter\"") && written[2].contains("id=\"presenter\""))
        #expect(written[0].contains("messageHandlers.mobileCheckoutSdk") && !written[1].contains("messageHandlers") && !written[2].contains("messageHandlers"))
    }

    /// Values go in at their places in order, between the pieces the template kept.
    @Test func valuesAreWrittenAtTheirPlaces() {
        let template = PageTemplate(text: "<title><!--sim:a--></title><p><!--sim:b--><!--sim:a--></p><!--sim:unclosed")
        #expect(template.places == ["a", "b", "a"])
        let page = template.written([("a", Array("A".utf8)), ("b", Array("B".utf8))])
        #expect(String(decoding: page, as: UTF8.self) == "<title>A</title><p>BA</p><!--sim:unclosed")
        #expect(String(decoding: template.written([("b", Array("B".utf8))]), as: UTF8.self) == "<title></title><p>B</p><!--sim:unclosed")
    }

    /// The one rule: text is HTML-escaped; data is JSON whose `<` is `\u003c`, which reads back
    /// as the same string and can neither close a script nor open a comment.
    @Test func whatIsWrittenCannotEscapeItsPlace() throws {
        let hostile = "</script><!--<script>alert(1)</script>&\"'"
        #expect(String(decoding: PageValue.text(hostile), as: UTF8.self) == "&lt;/script&gt;&lt;!--&lt;script&gt;alert(1)&lt;/script&gt;&amp;&quot;&#39;")
        let json = String(decoding: PageValue.json(.object(JSONObject([("shop", .string(hostile))]))), as: UTF8.self)
        #expect(!json.contains("<"))
        #expect(try JSONParser.parse(json)["shop"]?.stringValue == hostile)
        let page = String(decoding: DemoShopPage.page(storeName: hostile, simulator: try Simulator()).body, as: UTF8.self)
        #expect(!page.contains(hostile) && page.contains("<title>&lt;/script&gt;&lt;!--"))
    }
}
