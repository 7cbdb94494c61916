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
        case alreadyEnabled = "ALREADY_ENABLED"
        /// Too many attempts (a lever's): Shopify answers it as a request error, not a user error.
        case throttled = "THROTTLED"
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

extension CommerceError {
    /// A customer problem as the native schema's error (docs/customers.md#native).
    package init(_ problem: CustomerProblem) {
        switch problem.code {
        case .taken: self.init(.emailTaken, problem.message, field: problem.field)
        case .unidentifiedCustomer: self.init(.unidentifiedCustomer, "No customer has that email and password.")
        case .customerDisabled: self.init(.customerDisabled, problem.message)
        case .alreadyEnabled: self.init(.invalidInput, problem.message, field: problem.field)
        case .throttled: self.init(.signInThrottled, problem.message)
        case .tokenInvalid: self.init(.notSignedIn, "Sign in first: the session is not signed in, or its token has expired.")
        case .notFound: self.init(.addressNotFound, "The customer has no such address.", field: problem.field)
        case .blank, .invalid, .tooShort, .tooLong: self.init(.invalidInput, problem.message, field: problem.field)
        }
    }
}
