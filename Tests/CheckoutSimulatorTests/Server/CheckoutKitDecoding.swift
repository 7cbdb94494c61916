import Foundation

/// Checkout Sheet Kit's side of its bridge, written here from the facts of its public protocol
/// (3.8.1): what it requires of each message, decoded with Foundation's `JSONDecoder` as the kit
/// decodes them. A message the kit could not decode throws here too; one it would decode into an
/// empty event (amounts as strings, a missing order id) fails the checks of the tests.
enum KitBridge {
    /// What the page posts: a string holding `{name, body}`, `body` itself a string.
    struct Envelope: Decodable {
        let name: String
        let body: String
    }

    /// What `checkoutDidComplete` hands the app.
    struct Completed: Decodable {
        struct Money: Decodable {
            let amount: Double?
            let currencyCode: String?
        }
        struct Address: Decodable {
            let address1: String?
            let city: String?
            let countryCode: String?
            let firstName: String?
            let lastName: String?
            let name: String?
            let postalCode: String?
        }
        struct Image: Decodable {
            let altText: String?
            let lg: String
            let md: String
            let sm: String
        }
        struct Discount: Decodable {
            let amount: Money?
            let applicationType: String?
            let title: String?
        }
        struct Line: Decodable {
            let title: String
            let quantity: Int
            let price: Money
            let merchandiseId: String?
            let productId: String?
            let image: Image?
            let discounts: [Discount]?
        }
        struct Price: Decodable {
            let subtotal: Money?
            let shipping: Money?
            let taxes: Money?
            let discounts: [Discount]?
            let total: Money?
        }
        struct Cart: Decodable {
            let token: String
            let lines: [Line]
            let price: Price
        }
        struct Delivery: Decodable {
            struct Details: Decodable {
                let name: String?
                let location: Address?
            }
            let method: String
            let details: Details
        }
        struct PaymentMethod: Decodable {
            let type: String
            let details: [String: String?]
        }
        struct OrderDetails: Decodable {
            let id: String
            let email: String?
            let phone: String?
            let billingAddress: Address?
            let deliveries: [Delivery]?
            let paymentMethods: [PaymentMethod]?
            let cart: Cart
        }
        let orderDetails: OrderDetails
    }

    /// One element of `error`'s array; the kit takes the first and fails on an empty array.
    struct Failure: Decodable {
        let group: String
        let code: String?
        let reason: String?
    }

    /// A standard web pixel event; the kit requires `context` to be present.
    struct Pixel: Decodable {
        struct Context: Decodable {}
        struct Checkout: Decodable {
            struct LineItem: Decodable {
                struct Variant: Decodable {
                    struct Product: Decodable {
                        let id: String?
                        let title: String?
                        let vendor: String?
                    }
                    let id: String?
                    let title: String?
                    let price: Completed.Money?
                    let product: Product?
                }
                let title: String?
                let quantity: Double?
                let finalLinePrice: Completed.Money?
                let variant: Variant?
            }
            struct Order: Decodable {
                let id: String?
            }
            struct MailingAddress: Decodable {
                let address1: String?
                let city: String?
                let countryCode: String?
                let zip: String?
            }
            let token: String?
            let currencyCode: String?
            let email: String?
            let lineItems: [LineItem]?
            let subtotalPrice: Completed.Money?
            let discountsAmount: Completed.Money?
            let totalPrice: Completed.Money?
            let shippingAddress: MailingAddress?
            let order: Order?
        }
        struct Data: Decodable {
            let checkout: Checkout?
        }
        struct Event: Decodable {
            let id: String
            let name: String
            let timestamp: String
            let type: String
            let context: Context
            let data: Data?
        }
        let name: String
        let event: Event
    }

    /// A message as the kit's delegate would see it.
    enum Message {
        case completed(Completed)
        case failed([Failure])
        case blocking(Bool)
        case pixel(Pixel)
    }

    struct Undecodable: Error, CustomStringConvertible {
        let description: String
    }

    /// Decodes one posted string as the kit does, throwing where the kit would report an SDK error or crash.
    static func decode(_ posted: String) throws -> Message {
        let envelope = try JSONDecoder().decode(Envelope.self, from: Data(posted.utf8))
        let body = Data(envelope.body.utf8)
        switch envelope.name {
        case "completed":
            return .completed(try JSONDecoder().decode(Completed.self, from: body))
        case "error":
            let failures = try JSONDecoder().decode([Failure].self, from: body)
            guard !failures.isEmpty else { throw Undecodable(description: "an empty error array (the kit crashes on it)") }
            return .failed(failures)
        case "checkoutBlockingEvent":
            guard let shown = Bool(envelope.body) else { throw Undecodable(description: "a modal body of \(envelope.body) (the kit crashes on it)") }
            return .blocking(shown)
        case "webPixels":
            return .pixel(try JSONDecoder().decode(Pixel.self, from: body))
        default:
            throw Undecodable(description: "an event the kit does not handle: \(envelope.name)")
        }
    }
}
