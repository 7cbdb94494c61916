import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `GET /__sim/mail` (docs/customers.md#the-outbox): the mail the shop sent, oldest first, each
/// link written with this server's origin (a sandbox's prefix included); `?to=EMAIL` keeps the
/// mail to one address (ignoring case).
extension SimulatorServer {
    static func addMailRoutes(to routes: inout RouteTable<Route>) {
        routes.add("/__sim/mail", Route(methods: ["GET"]) { server, context in
            let to = server.parameter("to", of: context)?.lowercased()
            let origin = server.storefrontOrigin(of: context)
            let (outbox, total) = context.shop.simulator.withState { state in (state.shop.outbox.mails, state.shop.outbox.sent) }
            let listed = outbox.filter { to == nil || $0.to.lowercased() == to }.map { mail in
                JSON.object(JSONObject([
                    ("number", .int(mail.number)), ("sentAt", .string(mail.sentAt.iso8601)), ("to", .string(mail.to)),
                    ("kind", .string(mail.kind.rawValue)), ("subject", .string(mail.subject)), ("body", .string(mail.body)),
                    ("link", mail.linkPath.map { .string(origin + $0) } ?? .null),
                ]))
            }
            let body = JSONObject([("mail", .array(listed)), ("total", .int(total))])
            return .json(200, Array(JSON.object(body).serialized().utf8))
        })
    }
}
