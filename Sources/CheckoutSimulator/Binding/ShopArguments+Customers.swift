import CheckoutSimCommerce
import CheckoutSimGraphQL

/// `Mutation.signUp`: the `SignUpInput`.
struct SignUpArguments: FieldArguments {
    static let input = ArgumentKey<ArgumentValues>("input", .nonNull(ShopTypes.signUpInput), "Who signs up.")
    static var arguments: [ArgumentDeclaration] { [input.declaration] }

    /// `SignUpInput`'s fields.
    enum Input {
        static let email = ArgumentKey<String>("email", .nonNull(.string), "Unique, compared ignoring case.")
        static let password = ArgumentKey<String>("password", .nonNull(.string), "5 to 40 characters; kept only as a salted digest.")
        static let firstName = ArgumentKey<String?>("firstName", .string, "The first name.")
        static let lastName = ArgumentKey<String?>("lastName", .string, "The last name.")
        static let phone = ArgumentKey<String?>("phone", .string, "A phone number.")
        static let acceptsMarketing = ArgumentKey<Bool>("acceptsMarketing", .boolean, default: false, "Whether they take marketing mail.")
        static let fields = [
            email.declaration, password.declaration, firstName.declaration, lastName.declaration, phone.declaration, acceptsMarketing.declaration,
        ]
    }

    let email: String, password: String
    let firstName: String?, lastName: String?, phone: String?
    let acceptsMarketing: Bool

    init(_ values: ArgumentValues) throws {
        let input = try values[Self.input]
        email = try input[Input.email]
        password = try input[Input.password]
        firstName = try input[Input.firstName]
        lastName = try input[Input.lastName]
        phone = try input[Input.phone]
        acceptsMarketing = try input[Input.acceptsMarketing]
    }
}

/// `Mutation.signIn`.
struct SignInArguments: FieldArguments {
    static let email = ArgumentKey<String>("email", .nonNull(.string), "The customer's email, in any case.")
    static let password = ArgumentKey<String>("password", .nonNull(.string), "Their password.")
    static var arguments: [ArgumentDeclaration] { [email.declaration, password.declaration] }

    let email: String, password: String

    init(_ values: ArgumentValues) throws {
        email = try values[Self.email]
        password = try values[Self.password]
    }
}

/// `AddressInput`'s fields, read as a `MailingAddress`.
enum AddressInputFields {
    static let parts: [(key: ArgumentKey<String?>, part: WritableKeyPath<MailingAddress, String?> & Sendable)] =
        MailingAddress.inputFields.map { (ArgumentKey<String?>($0.name, .string, "The address's \($0.name)."), $0.part) }
        + [
            (ArgumentKey<String?>("provinceCode", .string, "The province's code, like \"CA\"."), \MailingAddress.provinceCode),
            (ArgumentKey<String?>("countryCode", .string, "The country's two-letter code, like \"US\"."), \MailingAddress.countryCode),
        ]
    static var fields: [ArgumentDeclaration] { parts.map(\.key.declaration) }

    static func address(_ values: ArgumentValues) throws -> MailingAddress {
        var address = MailingAddress()
        for (key, part) in parts { address[keyPath: part] = try values[key] }
        return address
    }
}

/// `Mutation.addAddress`.
struct AddAddressArguments: FieldArguments {
    static let input = ArgumentKey<ArgumentValues>("input", .nonNull(ShopTypes.addressInput), "The address.")
    static let makeDefault = ArgumentKey<Bool>("makeDefault", .boolean, default: false, "Make it the default (the first one always is).")
    static var arguments: [ArgumentDeclaration] { [input.declaration, makeDefault.declaration] }

    let address: MailingAddress
    let makeDefault: Bool

    init(_ values: ArgumentValues) throws {
        address = try AddressInputFields.address(try values[Self.input])
        makeDefault = try values[Self.makeDefault]
    }
}

/// `Mutation.updateAddress`.
struct UpdateAddressArguments: FieldArguments {
    static let id = ArgumentKey<String>("id", .nonNull(.id), "The address, like \"address-1\".")
    static let input = ArgumentKey<ArgumentValues>("input", .nonNull(ShopTypes.addressInput), "The address as it is to be.")
    static var arguments: [ArgumentDeclaration] { [id.declaration, input.declaration] }

    let id: String
    let address: MailingAddress

    init(_ values: ArgumentValues) throws {
        id = try values[Self.id]
        address = try AddressInputFields.address(try values[Self.input])
    }
}

/// `Mutation.removeAddress` and `setDefaultAddress`.
struct AddressIdArguments: FieldArguments {
    static let id = ArgumentKey<String>("id", .nonNull(.id), "The address, like \"address-1\".")
    static var arguments: [ArgumentDeclaration] { [id.declaration] }

    let id: String

    init(_ values: ArgumentValues) throws {
        id = try values[Self.id]
    }
}
