import CheckoutSimGraphQL
import CheckoutSimStorefront

/// What a transport tells the journal about a request besides the request itself: how it came,
/// who sent it, and the HTTP status its response gets (docs/journal.md).
package struct JournalNote {
    var transport: Simulator.JournalEntry.Transport
    var client: Simulator.JournalEntry.Client?
    /// The status a response gets on this transport.
    var status: (GraphQLResponse) -> Int
    /// The fault the request meets while it still runs (a truncated or slow delivery).
    var fault: Simulator.JournalEntry.Fault? = nil
    /// The dialect the request speaks (the endpoint it came to).
    var dialect = Simulator.Dialect.native
    /// The Storefront API version that answers it (the newest unless its path named another).
    var apiVersion = StorefrontAPIVersion.newest
    /// Where the server that took a Storefront request answers (`http://HOST[/sandbox/NAME]`):
    /// its checkout URLs point there.
    var storefrontOrigin: String? = nil
    /// Whether a Storefront request came without an access token: it is then held to Shopify's
    /// complexity limit for such requests.
    var tokenless = false
    /// The customer token the request came with (`X-Checkout-Customer-Token`): it signs the
    /// session in before the request runs. Never journaled.
    var customerToken: String? = nil
    /// A Customer Account API request's access token (its `Authorization` field): the customer it
    /// runs for. Never journaled.
    var accountToken: String? = nil

    /// A request made through the library (or a scenario run against a live simulator): status 200.
    package static var library: JournalNote { JournalNote(transport: .library, client: nil) { _ in 200 } }
    /// A request made through the library in the Storefront dialect (benchmarks): status 200.
    package static var storefrontLibrary: JournalNote {
        var note = library
        note.dialect = .storefront
        return note
    }
    /// A Customer Account API request made through the library for the customer `token` names.
    package static func customerAccount(token: String) -> JournalNote {
        var note = library
        note.dialect = .customerAccount
        note.accountToken = token
        return note
    }
    /// A `serve --stdio` line: status 200.
    package static var stdio: JournalNote { JournalNote(transport: .stdio, client: nil) { _ in 200 } }
}
