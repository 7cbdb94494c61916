import Foundation

extension ShopControl {
    /// A mail the shop sent (docs/customers.md#the-outbox).
    public struct Mail: Sendable, Equatable, Decodable {
        /// 1, 2, … in the order sent.
        public let number: Int
        /// The virtual clock when it was sent, ISO 8601.
        public let sentAt: String
        public let to: String
        /// `ACCOUNT_ACTIVATION`, `PASSWORD_RESET` or `ORDER_CONFIRMATION`.
        public let kind: String
        public let subject: String
        public let body: String
        /// The link to follow (a reset or activation page, an order's page), with the server's origin.
        public let link: String?
    }

    private struct Outbox: Decodable {
        let mail: [Mail]
    }

    /// The mail the shop sent, oldest first; only what went to `to` (ignoring case) when given.
    public func mail(to address: String? = nil) async throws -> [Mail] {
        let query = address.map { [URLQueryItem(name: "to", value: $0)] } ?? []
        let (status, data) = try await exchange("GET", "__sim/mail", query: query)
        guard status == 200 else { throw ControlError(status: status, data: data) }
        return try JSONDecoder().decode(Outbox.self, from: data).mail
    }
}
