import CheckoutSimGraphQL
import CheckoutSimSupport
import Foundation
import Testing
@testable import CheckoutSimulator
import CheckoutSimCommerce

/// The playground page in a real headless Chromium against a real server (docs/http.md).
///
/// The tests read the DOM after the page's scripts have run, so they see what a person would: the
/// examples list, the schema browser built from introspection, and the answer to a request the
/// page itself sent.
@Suite struct PlaygroundBrowserTests {
    /// Chromium, or nil, having said loudly that the browser tests are skipped.
    static let chromium: URL? = {
        let names = ProcessInfo.processInfo.environment["CHROMIUM"].map { [$0] } ?? []
        for path in names + ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome", "/snap/bin/chromium"]
        where FileManager.default.isExecutableFile(atPath: path) {
            return URL(fileURLWithPath: path)
        }
        FileHandle.standardError.write(Data(
            "SKIPPING playground browser tests: no Chromium found (apt-get install chromium, or set CHROMIUM=/path; .ci/run installs it)\n".utf8))
        return nil
    }()

    /// The DOM of the page at `url` once `ready` (a script expression) holds, from a tab of the
    /// shared browser.
    static func dumpDOM(_ url: String, when ready: String) async throws -> String {
        let page = try await DevToolsBrowser.page(try #require(chromium))
        defer { page.close() }
        try await page.navigate(url)
        #expect(try await page.waitUntil(ready), "\(url): \(ready)")
        return try await page.evaluate("document.documentElement.outerHTML") as? String ?? ""
    }

    @Test(.enabled(if: chromium != nil))
    func thePageLoadsTheSchemaShowsExamplesAndRunsARequest() async throws {
        let logged = Locked([String]())
        var configuration = SimulatorServer.Configuration()
        configuration.log = { line in logged.withLock { $0.append(line.description) } }
        let mutation = #"mutation Add { addToCart(productId: "pixel-8", quantity: 2) { cart { totalQuantity } } }"#
        var components = URLComponents()
        components.queryItems = [
            .init(name: "query", value: mutation), .init(name: "session", value: "browser"), .init(name: "run", value: "1"),
        ]
        try await ServerHarness.with(configuration) { harness in
            let dom = try await Self.dumpDOM(
                harness.server.baseURL + "/" + (components.url?.absoluteString ?? ""),
                when: "document.body.dataset.schema === 'ready' && document.getElementById('response').dataset.status !== undefined")
            #expect(dom.contains(#"data-schema="ready""#), "the schema browser was built from introspection")
            for type in ["Query", "Mutation", "Product", "Cart"] {
                #expect(dom.contains(#"data-type="\#(type)""#), "the schema browser lists \(type)")
            }
            for example in ["AddToCart", "BrandSections", "Checkout", "RevealScratchCard"] {
                #expect(dom.contains(#"data-name="\#(example)""#), "the bundled operation \(example) is an example")
            }
            #expect(dom.contains(#"data-status="200""#), "the page ran the request")
            #expect(dom.contains(#"<span class="k">"totalQuantity"</span>: <span class="n">2</span>"#), "the response is pretty-printed and highlighted")
            let product = try await Self.dumpDOM(
                harness.server.baseURL + "/?type=Product", when: "document.querySelector('[data-field=\"compareAtPrice\"]') !== null")
            #expect(product.contains(#"<a class="insert" data-field="compareAtPrice""#), "?type=Product opened the browser at Product's fields")
            #expect(product.contains("The price before a reduction, when there is one."), "field descriptions are shown")
            #expect(product.contains(#"<a class="type" data-type="Money">Money</a>"#), "field types link to their types")
            // The page sent the session it was given: that session's cart holds the two, the default's none.
            let cart = "{ cart { totalQuantity } }"
            #expect(harness.simulator.execute(cart, session: "browser").serialized(pretty: false) == #"{"data":{"cart":{"totalQuantity":2}}}"#)
            #expect(harness.simulator.execute(cart).serialized(pretty: false) == #"{"data":{"cart":{"totalQuantity":0}}}"#)
        }
        let lines = logged.withLock { $0 }
        #expect(lines.contains { $0.hasPrefix("GET / 200 ") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("POST /playground/graphql 200 ") && $0.hasSuffix("session=browser op=Add") }, "\(lines)")
    }

    /// A person's path: type a query into the editor, press Ctrl-Enter, read the answer; then
    /// click a field in the schema browser and press the Reset button.
    @Test(.enabled(if: chromium != nil))
    func aQueryTypedIntoThePageReturnsData() async throws {
        try await ServerHarness.with { harness in
            let browser = try await DevToolsBrowser.page(try #require(Self.chromium))
            defer { browser.close() }
            try await browser.navigate(harness.server.baseURL + "/")
            #expect(try await browser.waitUntil("document.body.dataset.schema === 'ready'"), "the schema loaded")
            _ = try await browser.evaluate("(() => { const q = document.getElementById('query'); q.focus(); q.select(); return true })()")
            try await browser.type("{ brands { id name } }")
            try await browser.pressControlEnter()
            #expect(try await browser.waitUntil("document.getElementById('response').dataset.status === '200'"), "Ctrl-Enter ran the query")
            let shown = try await browser.evaluate("document.getElementById('response').textContent") as? String ?? ""
            #expect(shown.contains(#""name": "Apple""#), "\(shown.prefix(300))")
            #expect(try await browser.evaluate("document.querySelectorAll('[data-history]').length") as? Int == 1, "the request is in the history")

            // The schema browser: open Query, click `cart`; the editor gets `cart {  }` at the caret.
            _ = try await browser.evaluate("(() => { const q = document.getElementById('query'); q.value = ''; q.focus(); return true })()")
            _ = try await browser.evaluate("document.querySelector('#schema [data-type=\"Query\"]').click()")
            _ = try await browser.evaluate("document.querySelector('#schema [data-field=\"cart\"]').click()")
            #expect(try await browser.evaluate("document.getElementById('query').value") as? String == "cart {  }")

            // Reset through the button: a cart filled over HTTP is empty again.
            _ = harness.simulator.execute(#"mutation { addToCart(productId: "pixel-8") { cart { totalQuantity } } }"#)
            _ = try await browser.evaluate("document.getElementById('reset').click()")
            #expect(try await browser.waitUntil("document.getElementById('notice').textContent.startsWith('Reset')"))
            #expect(harness.simulator.execute("{ cart { totalQuantity } }").serialized(pretty: false) == #"{"data":{"cart":{"totalQuantity":0}}}"#)
        }
    }

    /// The Demo panel on a sandbox: a lever press changes what a query returns, a fault aimed at
    /// one operation meets only it, a request another client sends appears in the live journal,
    /// and the journal exports as a scenario.
    @Test(.enabled(if: chromium != nil))
    func theDemoPanelPullsLeversAimsFaultsAndShowsTheJournalLive() async throws {
        try await ServerHarness.with { harness in
            // A lever pulled and a fault set before the page opens: the panel shows both on load.
            #expect(try await harness.send("POST", "/sandbox/demo/__sim/levers", body: #"{"payments": {"next": "declined"}}"#).status == 200)
            #expect(try await harness.send("POST", "/sandbox/demo/__sim/network", body: #"{"drop": {"operation": "Checkout"}}"#).status == 200)
            let browser = try await DevToolsBrowser.page(try #require(Self.chromium))
            defer { browser.close() }
            try await browser.navigate(harness.server.baseURL + "/sandbox/demo/")
            #expect(try await browser.waitUntil("document.body.dataset.schema === 'ready'"), "the schema loaded")
            #expect(try await browser.evaluate("document.querySelector('[data-pane=\"demo\"]').getAttribute('aria-selected')") as? String == "true",
                    "a sandbox's page opens on the Demo tab")
            #expect(try await browser.evaluate("document.getElementById('title-shop').textContent") as? String == "· sandbox demo")
            #expect(try await browser.waitUntil("document.getElementById('levers-pending').textContent === 'next payment declined'"), "pending levers show on load")
            #expect(try await browser.waitUntil("document.querySelector('#faults [data-fault=\"drop\"]') !== null"), "faults in force show on load")
            #expect(try await browser.waitUntil("[...document.getElementById('sandbox').options].map(o => o.value).join() === 'default,demo'"),
                    "the sandbox picker lists the shops, this one selected")
            // The page's own schema query is journaled as the playground's, not the app's.
            let journal = try JSONParser.parse(Array(try await harness.send("GET", "/sandbox/demo/__sim/requests").body.utf8))
            #expect(journal["requests"]?[0]?["transport"]?.stringValue == "playground")
            #expect(try await browser.waitUntil("(document.querySelector('#journal [data-transport=\"playground\"]') || {}).textContent?.includes('playground') === true"),
                    "the live journal marks it")
            _ = try await harness.send("POST", "/sandbox/demo/__sim/network", body: "{}")
            _ = try await harness.send("POST", "/sandbox/demo/__sim/levers", body: "{}")

            // A lever: pixel-8 sold out, live; the page's own query shows it.
            _ = try await browser.evaluate("(() => { document.getElementById('lever-units').value = '0'; document.getElementById('lever-stock').click(); return true })()")
            #expect(try await browser.waitUntil("document.getElementById('notice').textContent === 'Stock of pixel-8: 0'"))
            // A checkout lever from the panel: pending until a checkout page is opened on this shop.
            _ = try await browser.evaluate("(() => { document.getElementById('lever-checkout').value = 'unavailable'; document.getElementById('lever-checkouts').click(); return true })()")
            #expect(try await browser.waitUntil("document.getElementById('levers-pending').textContent === 'next checkout unavailable'"))
            #expect(try await harness.send("GET", "/sandbox/demo/checkout").body.contains("<title>Checkout is unavailable"))
            #expect(try await harness.send("GET", "/sandbox/demo/checkout").body.contains("<title>Checkout ·"), "used up")
            _ = try await browser.evaluate("(() => { const q = document.getElementById('query'); q.value = ''; q.focus(); return true })()")
            try await browser.type(#"{ product(id: "pixel-8") { stock } }"#)
            try await browser.pressControlEnter()
            #expect(try await browser.waitUntil("document.getElementById('response').dataset.status === '200'"))
            let shown = try await browser.evaluate("document.getElementById('response').textContent") as? String ?? ""
            #expect(shown.contains(#""stock": 0"#), "\(shown)")
            #expect(harness.simulator.execute(#"{ product(id: "pixel-8") { stock } }"#).serialized(pretty: false) != #"{"data":{"product":{"stock":0}}}"#,
                    "the root shop kept its stock")

            // A fault aimed at AddToCart, from the panel: another client's AddToCart meets it, its listing does not.
            _ = try await browser.evaluate("(() => { document.getElementById('fault-operation').value = 'AddToCart'; document.getElementById('fault-kind').value = 'failNext'; document.getElementById('fault-add').click(); return true })()")
            #expect(try await browser.waitUntil("document.querySelectorAll('#faults [data-fault=\"failNext\"]').length === 1"))
            let listing = try await harness.send("POST", "/sandbox/demo/graphql", body: #"{"query": "query FromAnotherClient { products(first: 1) { totalCount } }"}"#)
            #expect(listing.status == 200)
            let add = try await harness.send("POST", "/sandbox/demo/graphql", body: #"{"query": "mutation AddToCart { addToCart(productId: \"pixel-9\") { cart { totalQuantity } } }"}"#)
            #expect(add.status == 503)

            // The journal shows both as they arrive.
            #expect(try await browser.waitUntil("document.querySelector('#journal [data-operation=\"FromAnotherClient\"]') !== null"), "the other client's request appeared")
            #expect(try await browser.waitUntil("(document.querySelector('#journal [data-operation=\"AddToCart\"]') || {}).textContent?.includes('fail 503') === true"))

            _ = try await browser.evaluate("document.getElementById('journal-export').click()")
            #expect(try await browser.waitUntil("document.getElementById('response').dataset.export === 'scenario'"))
            let exported = try await browser.evaluate("document.getElementById('response').textContent") as? String ?? ""
            #expect(exported.hasPrefix(#"scenario "Demo on demo""#) && exported.contains("lever stock pixel-8 0") && exported.contains("network fail 503 x1"), "\(exported)")
        }
    }

    /// `/#demo` opens the root shop's page on the Demo tab.
    @Test(.enabled(if: chromium != nil))
    func theDemoTabOpensFromALink() async throws {
        try await ServerHarness.with { harness in
            let dom = try await Self.dumpDOM(harness.server.baseURL + "/#demo", when: "document.body.dataset.schema === 'ready'")
            #expect(dom.contains(#"<button role="tab" data-pane="demo" aria-selected="true">Demo</button>"#))
            #expect(dom.contains(#"<div class="pane shown" id="demo">"#))
            #expect(dom.contains(#"On <span class="shop-name" id="shop-on">the root shop (default)</span>"#))
        }
    }

    @Test func thePageIsSelfContained() async throws {
        try await ServerHarness.with { harness in
            let page = try await harness.send("GET", "/")
            #expect(page.status == 200)
            #expect(page.headers["content-type"] == "text/html; charset=utf-8")
            // Nothing fetched from elsewhere: no external scripts, styles, fonts or images.
            for external in ["src=\"http", "href=\"http", "url(http", "@import", "src=\"//", "href=\"//"] {
                #expect(!page.body.contains(external), "the page refers to \(external)…")
            }
            #expect(!page.body.contains("<!--sim:"), "every place of the page was written")
            #expect(page.body.contains(#"{"file":"Cart.graphql","text":"#))
            #expect(!page.body.contains("</script>\n  products"), "operation text cannot close the script element")
        }
    }
}
