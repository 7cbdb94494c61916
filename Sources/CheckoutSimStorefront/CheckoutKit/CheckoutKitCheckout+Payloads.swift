import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The two shapes the kit's messages carry a checkout in: the web pixels' `checkout` and the
/// `completed` event's `orderDetails` (docs/checkout-page.md#checkout-sheet-kit).
extension CheckoutKitCheckout {
    /// The web pixels' `data.checkout`: lines, totals, the buyer's contact and address once given,
    /// and the order's id once placed.
    func pixelData(includingOrder: Bool) -> JSON {
        var checkout = JSONObject()
        checkout["token"] = .string(token)
        checkout["currencyCode"] = .string(currency.code)
        checkout["email"] = buyer.email.map(JSON.string) ?? .null
        checkout["lineItems"] = .array(lines.map { line in
            .object(JSONObject([
                ("title", .string(line.title)),
                ("quantity", .int(line.quantity)),
                ("finalLinePrice", money(line.total)),
                ("variant", .object(JSONObject([
                    ("id", .string(line.merchandiseId)),
                    ("title", .string(line.variantTitle)),
                    ("sku", .string(line.sku)),
                    ("price", money(line.unitPrice)),
                    ("image", line.imageURL.map { .object(JSONObject([("src", .string($0))])) } ?? .null),
                    ("product", .object(JSONObject([
                        ("id", .string(line.productId)), ("title", .string(line.title)), ("vendor", .string(line.vendor)),
                    ]))),
                ]))),
            ]))
        })
        checkout["subtotalPrice"] = money(subtotal)
        checkout["discountsAmount"] = money(lineDiscounts.reduce(0) { $0 + $1.amount })
        checkout["discountApplications"] = .array(lineDiscounts.map { discount in
            .object(JSONObject([("title", .string(discount.title)), ("type", .string(discount.source == .offer ? "DISCOUNT_CODE" : "MANUAL"))]))
        })
        checkout["shippingLine"] = .object(JSONObject([("price", money(shipping))]))
        checkout["totalTax"] = money(0)
        checkout["totalPrice"] = money(total)
        checkout["shippingAddress"] = mailingAddress ?? .null
        if includingOrder, let orderIdentity {
            checkout["order"] = .object(JSONObject([("id", .string(orderIdentity))]))
        }
        return .object(checkout)
    }

    /// `completed`'s `orderDetails`: the order's id, contact, addresses, the card, the lines
    /// (each line's `price` is its total before discounts, as the page's summary shows it) and the totals.
    var orderDetails: JSON {
        let address = address
        var details = JSONObject()
        details["id"] = .string(orderIdentity ?? "")
        details["email"] = (order?.email ?? buyer.email).map(JSON.string) ?? .null
        details["phone"] = .null
        details["billingAddress"] = address ?? .null
        details["deliveries"] = address.map { location in
            .array([.object(JSONObject([
                ("method", "SHIPPING"),
                ("details", .object(JSONObject([("name", "Standard"), ("location", location)]))),
            ]))])
        } ?? .array([])
        details["paymentMethods"] = order.map { order in
            .array([.object(JSONObject([
                ("type", "direct"),
                ("details", .object(JSONObject([
                    ("amount", .string(currency.amount(order.payment.amount))), ("currency", .string(currency.code)),
                    ("brand", .string(order.payment.cardBrand)), ("lastFourDigits", .string(order.payment.cardLast4)),
                ]))),
            ]))])
        } ?? .array([])
        let discounts = JSON.array(lineDiscounts.map { discount in
            .object(JSONObject([
                ("amount", money(discount.amount)), ("applicationType", .string(discount.source == .offer ? "DISCOUNT_CODE" : "MANUAL")),
                ("title", .string(discount.title)),
            ]))
        })
        details["cart"] = .object(JSONObject([
            ("token", .string(token)),
            ("lines", .array(lines.map { line in
                .object(JSONObject([
                    ("title", .string(line.title)),
                    ("quantity", .int(line.quantity)),
                    ("price", money(line.total + line.discount)),
                    ("merchandiseId", .string(line.merchandiseId)),
                    ("productId", .string(line.productId)),
                    ("image", line.imageURL.map { url in
                        .object(JSONObject([("altText", .string(line.title)), ("lg", .string(url)), ("md", .string(url)), ("sm", .string(url))]))
                    } ?? .null),
                    ("discounts", line.discount > 0 ? .array([.object(JSONObject([("amount", money(line.discount))]))]) : .array([])),
                ]))
            })),
            ("price", .object(JSONObject([
                ("subtotal", money(subtotal)), ("shipping", money(shipping)), ("taxes", money(0)), ("discounts", discounts), ("total", money(total)),
            ]))),
        ]))
        return .object(details)
    }
}
