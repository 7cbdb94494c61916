import Testing
@testable import CheckoutSimulator
@testable import CheckoutSimScenarios
@testable import CheckoutSimGraphQL
@testable import CheckoutSimCommerce

/// The checkout journey of the commerce issue, over the stdio protocol, line by line.
///
/// Add beyond stock → add → offer → reveal and apply a scratch card → a declined card leaves the
/// cart intact → another card pays → the idempotent retry returns the same order without a new
/// charge (the next checkout gets pay-3, not pay-4) → the order is listed, stock is down, the cart
/// is empty, the card is redeemed and a fourth card was issued for an order over $1,000.
struct StdioJourneyTests {
    static let steps: [(request: String, response: String)] = [
        (#"{"query":"mutation { addToCart(productId: \"ipad-mini\", quantity: 2) { cart { totalQuantity } errors { code message field } } }"}"#,
         #"{"data":{"addToCart":{"cart":{"totalQuantity":0},"errors":[{"code":"INSUFFICIENT_STOCK","message":"Only 1 of \"iPad mini 64 GB\" is available; the cart would hold 2.","field":["quantity"]}]}}}"#),
        (#"{"query":"mutation { addToCart(productId: \"iphone-15\", quantity: 2) { cart { totalQuantity subtotal { amount } } errors { code } } }"}"#,
         #"{"data":{"addToCart":{"cart":{"totalQuantity":2,"subtotal":{"amount":"1998.00"}},"errors":[]}}}"#),
        (#"{"query":"mutation { addToCart(productId: \"airpods-pro-2\") { cart { totalQuantity subtotal { amount } } errors { code } } }"}"#,
         #"{"data":{"addToCart":{"cart":{"totalQuantity":3,"subtotal":{"amount":"2247.00"}},"errors":[]}}}"#),
        (#"{"query":"mutation { applyOffer(code: \"welcome10\") { cart { discountTotal { amount } total { amount } lines { id discount { amount } } appliedOffer { code isApplicable } } errors { code } } }"}"#,
         #"{"data":{"applyOffer":{"cart":{"discountTotal":{"amount":"224.70"},"total":{"amount":"2022.30"},"lines":[{"id":"line-iphone-15","discount":{"amount":"199.80"}},{"id":"line-airpods-pro-2","discount":{"amount":"24.90"}}],"appliedOffer":{"code":"WELCOME10","isApplicable":true}},"errors":[]}}}"#),
        (#"{"query":"mutation { revealScratchCard(id: \"card-1\") { card { status reward { kind title value } } errors { code } } }"}"#,
         #"{"data":{"revealScratchCard":{"card":{"status":"REVEALED","reward":{"kind":"PERCENT_OFF","title":"5% off your order","value":"5"}},"errors":[]}}}"#),
        (#"{"query":"mutation { applyScratchCard(id: \"card-1\") { card { status } cart { discountTotal { amount } shipping { amount } total { amount } discounts { source code amount { amount } } } errors { code } } }"}"#,
         #"{"data":{"applyScratchCard":{"card":{"status":"APPLIED"},"cart":{"discountTotal":{"amount":"325.82"},"shipping":{"amount":"0.00"},"total":{"amount":"1921.18"},"discounts":[{"source":"OFFER","code":"WELCOME10","amount":{"amount":"224.70"}},{"source":"SCRATCH_CARD","code":"card-1","amount":{"amount":"101.12"}}]},"errors":[]}}}"#),
        (#"{"query":"mutation Pay($input: CheckoutInput!) { checkout(input: $input) { order { id } payment { id status declineCode } cart { totalQuantity total { amount } } errors { code message } } }","variables":{"input":{"card":{"number":"4000000000009995","expMonth":12,"expYear":2030,"cvc":"123"}}}}"#,
         #"{"data":{"checkout":{"order":null,"payment":{"id":"pay-1","status":"DECLINED","declineCode":"insufficient_funds"},"cart":{"totalQuantity":3,"total":{"amount":"1921.18"}},"errors":[{"code":"PAYMENT_DECLINED","message":"The card was declined (insufficient_funds)."}]}}}"#),
        (#"{"query":"mutation Pay($input: CheckoutInput!) { checkout(input: $input) { order { id number total { amount } } payment { id status cardLast4 } cart { isEmpty } errors { code } } }","variables":{"input":{"card":{"number":"5555555555554444","expMonth":12,"expYear":2030,"cvc":"123"},"idempotencyKey":"order-attempt-1"}}}"#,
         #"{"data":{"checkout":{"order":{"id":"order-1001","number":1001,"total":{"amount":"1921.18"}},"payment":{"id":"pay-2","status":"SUCCEEDED","cardLast4":"4444"},"cart":{"isEmpty":true},"errors":[]}}}"#),
        (#"{"query":"mutation Pay($input: CheckoutInput!) { checkout(input: $input) { order { id number total { amount } } payment { id status cardLast4 } cart { isEmpty } errors { code } } }","variables":{"input":{"card":{"number":"5555555555554444","expMonth":12,"expYear":2030,"cvc":"123"},"idempotencyKey":"order-attempt-1"}}}"#,
         #"{"data":{"checkout":{"order":{"id":"order-1001","number":1001,"total":{"amount":"1921.18"}},"payment":{"id":"pay-2","status":"SUCCEEDED","cardLast4":"4444"},"cart":{"isEmpty":true},"errors":[]}}}"#),
        (#"{"query":"{ orders { id total { amount } payment { id } } cart { isEmpty totalQuantity } iphone: product(id: \"iphone-15\") { stock quantityInCart } airpods: product(id: \"airpods-pro-2\") { stock } scratchCards { id status } }"}"#,
         #"{"data":{"orders":[{"id":"order-1001","total":{"amount":"1921.18"},"payment":{"id":"pay-2"}}],"cart":{"isEmpty":true,"totalQuantity":0},"iphone":{"stock":23,"quantityInCart":0},"airpods":{"stock":29},"scratchCards":[{"id":"card-1","status":"REDEEMED"},{"id":"card-2","status":"UNREVEALED"},{"id":"card-3","status":"UNREVEALED"},{"id":"card-4","status":"UNREVEALED"}]}}"#),
        (#"{"query":"mutation { addToCart(productId: \"pen\") { errors { code } } a: addToCart(productId: \"nest-audio\") { errors { code } } }"}"#,
         #"{"data":{"addToCart":{"errors":[{"code":"PRODUCT_NOT_FOUND"}]},"a":{"errors":[]}}}"#),
        (#"{"query":"mutation { checkout(input: {card: {number: \"4242424242424242\", expMonth: 12, expYear: 2030, cvc: \"123\"}}) { order { id } payment { id } } }"}"#,
         #"{"data":{"checkout":{"order":{"id":"order-1002"},"payment":{"id":"pay-3"}}}}"#),
    ]

    @Test func walksTheWholeCheckoutJourney() throws {
        let server = StdioLines(simulator: try Simulator())
        for (request, response) in Self.steps {
            #expect(server.respond(to: request) == response)
        }
    }
}
