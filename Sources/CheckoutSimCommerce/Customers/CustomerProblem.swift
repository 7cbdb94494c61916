/// What a customer request did wrong, as Shopify's `CustomerErrorCode` names it, with the input
/// field it is about, as `customerUserErrors` report them (docs/customers.md#errors).
package struct CustomerProblem: Error, Sendable, Equatable {
    package enum Code: String, Sendable {
        case blank = "BLANK"
        case invalid = "INVALID"
        case taken = "TAKEN"
        case tooShort = "TOO_SHORT"
        case tooLong = "TOO_LONG"
        case unidentifiedCustomer = "UNIDENTIFIED_CUSTOMER"
        case customerDisabled = "CUSTOMER_DISABLED"
        case tokenInvalid = "TOKEN_INVALID"
        case notFound = "NOT_FOUND"
    }

    package let code: Code
    /// The input's path (`["input", "email"]`); empty for the request as a whole.
    package let field: [String]
    package let message: String

    package init(_ code: Code, _ field: [String], _ message: String) {
        self.code = code
        self.field = field
        self.message = message
    }
}

/// Every problem of one request: Shopify reports them all at once.
package struct CustomerProblems: Error, Sendable, Equatable {
    package let problems: [CustomerProblem]

    package init(problems: [CustomerProblem]) {
        self.problems = problems
    }
}
