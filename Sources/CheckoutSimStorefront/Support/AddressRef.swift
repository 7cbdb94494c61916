import CheckoutSimCommerce
import CheckoutSimGraphQL

/// An address as the dialect carries it: a cart's delivery address or a customer's, with its id.
struct AddressRef: BoxedObject {
    static func carries(_ name: String) -> Bool { ["CartSelectableAddress", "CartDeliveryAddress", "MailingAddress"].contains(name) }

    let id: String
    let parts: MailingAddress
    /// A cart's address: whether it is the selected one, and whether it is for this cart only.
    var selected = false
    var oneTimeUse = false

    /// A cart's delivery address (`gid://shopify/CartSelectableAddress/N?cart=TOKEN`).
    init(cart token: String, address: CartAddress) {
        id = "gid://shopify/CartSelectableAddress/\(address.number)?cart=\(token)"
        parts = MailingAddress(fields: address.fields)
        selected = address.selected
        oneTimeUse = address.oneTimeUse
    }

    /// A customer's address (`gid://shopify/MailingAddress/N?model_name=CustomerAddress`).
    init(customer address: CustomerAddress) {
        id = StorefrontCustomerID.address(address.number)
        parts = address.address
    }

    /// The address a customer's order ships to (`gid://shopify/MailingAddress/N?model_name=Address`,
    /// N the order's).
    init(order number: Int, address: MailingAddress) {
        id = StorefrontID.gid("gid://shopify/MailingAddress/", number) + "?model_name=Address"
        parts = address
    }

    /// The address as lines to print: the name when asked, the company unless told not to, the
    /// street, the town line and the country (both APIs' `formatted`).
    static func lines(of parts: MailingAddress, withName: Bool, withCompany: Bool) -> [String] {
        var lines: [String] = []
        if withName { lines.append(parts.name ?? "") }
        if withCompany, let company = parts.company { lines.append(company) }
        lines += [parts.address1, parts.address2].compactMap { $0 }
        lines.append([parts.city, parts.provinceCode ?? parts.province, parts.zip].compactMap { $0 }.joined(separator: " "))
        if let country = parts.country ?? parts.countryCode { lines.append(country) }
        return lines.filter { !$0.isEmpty }
    }

    /// The town, province and country, comma-separated (both APIs' `formattedArea`); nil when none is given.
    static func area(of parts: MailingAddress) -> String? {
        let given = [parts.city, parts.province ?? parts.provinceCode, parts.country ?? parts.countryCode].compactMap { $0 }
        return given.isEmpty ? nil : given.joined(separator: ", ")
    }
}

extension StorefrontBinding {
    /// The fields of `CartDeliveryAddress` and `MailingAddress`.
    static func addressFields(_ fields: inout ModeledFields) {
        let shared: [(String, @Sendable (MailingAddress) -> String?)] = [
            ("address1", \.address1), ("address2", \.address2), ("city", \.city), ("company", \.company), ("firstName", \.firstName),
            ("lastName", \.lastName), ("phone", \.phone), ("provinceCode", \.provinceCode), ("zip", \.zip), ("name", \.name),
        ]
        for type in ["CartDeliveryAddress", "MailingAddress"] {
            fields.object(type, as: AddressRef.self) { address in
                for (field, read) in shared {
                    address.text(field) { address, _ in read(address.parts) }
                }
                address.field("formatted", ArgumentKey<Bool?>("withName", .boolean), ArgumentKey<Bool?>("withCompany", .boolean)) {
                    address, withName, withCompany, _ in
                    AddressRef.lines(of: address.parts, withName: withName ?? false, withCompany: withCompany ?? true).map(Resolved.string)
                }
                address.text("formattedArea") { address, _ in AddressRef.area(of: address.parts) }
            }
        }
        fields.object("CartDeliveryAddress", as: AddressRef.self) { address in
            address.text("countryCode") { address, _ in address.parts.countryCode }
        }
        fields.object("MailingAddress", as: AddressRef.self) { address in
            address.text("countryCodeV2") { address, _ in address.parts.countryCode }
            address.text("countryCode") { address, _ in address.parts.countryCode }
            address.text("country") { address, _ in address.parts.country }
            address.text("province") { address, _ in address.parts.province }
            address.text("id") { address, _ in address.id }
        }
    }
}
