/// A signed-in customer's addresses (docs/customers.md#addresses): each has a number unique in the
/// shop (its id); the first a customer adds becomes the default, and deleting the default makes
/// the oldest one left the default.
extension CustomerBook {
    /// The longest part of an address (and a name or phone), in characters (docs/limits.md#shop-bounds).
    package static let maxAddressPart = 255
    /// The most addresses every customer of a shop holds together: each is up to a few kilobytes.
    package static let maxAddressesInShop = 50_000

    /// Adds `address` for customer `number`; `INVALID` past `maxAddresses`, `TOO_LONG` for a part
    /// over `maxAddressPart` characters.
    package mutating func addAddress(_ address: MailingAddress, customer number: Int, field: [String]) throws(CustomerProblems) -> CustomerAddress {
        var problems = Self.problems(in: address, field: field)
        if customers[number - 1].addresses.count >= Self.maxAddresses {
            problems.append(CustomerProblem(.invalid, field, "A customer keeps at most \(Self.maxAddresses) addresses."))
        } else if addressCount >= Self.maxAddressesInShop {
            problems.append(CustomerProblem(.invalid, field, "The shop holds \(Self.maxAddressesInShop) addresses, the most it keeps; reset it."))
        }
        guard problems.isEmpty else { throw CustomerProblems(problems: problems) }
        addressesMade += 1
        addressCount += 1
        let added = CustomerAddress(number: addressesMade, address: address)
        customers[number - 1].addresses.append(added)
        if customers[number - 1].defaultAddress == nil { customers[number - 1].defaultAddress = added.number }
        return added
    }

    /// Replaces address `address` of customer `number` with `changed`; `NOT_FOUND` when it is not
    /// theirs.
    package mutating func updateAddress(
        _ address: Int, to changed: MailingAddress, customer number: Int, field: [String]
    ) throws(CustomerProblems) -> CustomerAddress {
        guard let index = customers[number - 1].addresses.firstIndex(where: { $0.number == address }) else {
            throw CustomerProblems(problems: [Self.notFound(["id"])])
        }
        let problems = Self.problems(in: changed, field: field)
        guard problems.isEmpty else { throw CustomerProblems(problems: problems) }
        customers[number - 1].addresses[index].address = changed
        return customers[number - 1].addresses[index]
    }

    /// Deletes address `address` of customer `number`; `NOT_FOUND` when it is not theirs.
    package mutating func deleteAddress(_ address: Int, customer number: Int) throws(CustomerProblems) {
        guard let index = customers[number - 1].addresses.firstIndex(where: { $0.number == address }) else {
            throw CustomerProblems(problems: [Self.notFound(["id"])])
        }
        customers[number - 1].addresses.remove(at: index)
        addressCount -= 1
        if customers[number - 1].defaultAddress == address {
            customers[number - 1].defaultAddress = customers[number - 1].addresses.first?.number
        }
    }

    /// Makes address `address` customer `number`'s default; `NOT_FOUND` when it is not theirs.
    package mutating func setDefaultAddress(_ address: Int, customer number: Int) throws(CustomerProblems) {
        guard customers[number - 1].addresses.contains(where: { $0.number == address }) else {
            throw CustomerProblems(problems: [Self.notFound(["addressId"])])
        }
        customers[number - 1].defaultAddress = address
    }

    private static func notFound(_ field: [String]) -> CustomerProblem {
        CustomerProblem(.notFound, field, "Address does not exist")
    }

    /// A `TOO_LONG` problem for each part over `maxAddressPart` characters.
    private static func problems(in address: MailingAddress, field: [String]) -> [CustomerProblem] {
        var problems: [CustomerProblem] = []
        for (name, part) in MailingAddress.inputFields where address[keyPath: part]?.isLonger(thanCharacters: maxAddressPart) == true {
            problems.append(CustomerProblem(.tooLong, field + [name], "\(name) is too long (maximum is \(maxAddressPart) characters)"))
        }
        return problems
    }
}
