import Foundation

extension ShopControl {
    /// A mail the shop sent (docs/customers.md#the-outbox).
    public struct Mail: Sendable, Equatable, Decodable {
        /// 1, 2, … in the order sent.
        public let number: Int
        /// The virtual clock when it was sent, ISO 8601.
        public let sentAt: String
        public let to: String
        /// `ACCOUNT_ACTIVATION`, `PASSWORD_RESET`, `ORDER_CONFIRMATION` or `SIGN_IN_CODE`.
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

    /// The six-digit code last mailed to `address` by the new customer accounts' sign-in page
    /// (docs/customers.md#customer-accounts): what a UI test types into the sign-in sheet; nil
    /// when none was sent.
    public func signInCode(for address: String) async throws -> String? {
        guard let mail = try await mail(to: address).last(where: { $0.kind == "SIGN_IN_CODE" }) else { return nil }
        let code = String(mail.subject.suffix(6))
        return code.count == 6 && code.allSatisfy(\.isNumber) ? code : nil
    }
}

extension ShopControl {
    /// What a customer made or reset through the control API is.
    public enum CustomerState: String, Sendable {
        case enabled, invited, disabled
    }

    /// Makes a customer, or resets the one with `email` (docs/customers.md#control): its password
    /// when given, names and state. Returns its Storefront id (`gid://shopify/Customer/N`).
    @discardableResult
    public func customer(
        email: String, password: String? = nil, firstName: String? = nil, lastName: String? = nil, state: CustomerState = .enabled
    ) async throws -> String {
        var members: [String: Value] = ["email": .string(email), "state": .string(state.rawValue)]
        if let password { members["password"] = .string(password) }
        if let firstName { members["firstName"] = .string(firstName) }
        if let lastName { members["lastName"] = .string(lastName) }
        let answer = try await send("POST", "__sim/customer", body: Value.object(members).description)
        guard case .object(let object) = answer, case .object(let customer)? = object["customer"], case .string(let id)? = customer["id"] else {
            throw ControlError(status: 200, data: Data(answer.description.utf8))
        }
        return id
    }
}
