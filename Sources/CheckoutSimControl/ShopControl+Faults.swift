extension ShopControl {
    /// A network fault, optionally aimed at an operation (docs/control.md#faults).
    public struct Fault: Sendable, Equatable {
        /// The `/__sim/network` member that sets it.
        let member: String
        /// Its settings, as JSON members in order.
        let settings: [(String, Value)]

        public static func == (lhs: Fault, rhs: Fault) -> Bool {
            lhs.member == rhs.member && lhs.settings.map(\.0) == rhs.settings.map(\.0) && lhs.settings.map(\.1) == rhs.settings.map(\.1)
        }

        private init(_ member: String, _ settings: [(String, Value?)]) {
            self.member = member
            self.settings = settings.compactMap { name, value in value.map { (name, $0) } }
        }

        /// Each answer waits `milliseconds` (0…60,000).
        public static func latency(milliseconds: Int, operation: String? = nil) -> Fault {
            Fault("latencyMs", [("ms", .int(milliseconds)), ("operation", operation.map(Value.string))])
        }

        /// The body is written at `bytesPerSecond`; until changed unless given a count.
        public static func slow(bytesPerSecond: Int, count: Int? = nil, operation: String? = nil) -> Fault {
            Fault("slow", [("bytesPerSecond", .int(bytesPerSecond)), ("count", count.map(Value.int)), ("operation", operation.map(Value.string))])
        }

        /// The next `count` requests get `status` and an error body; the operation does not run.
        public static func fail(status: Int = 503, count: Int = 1, operation: String? = nil) -> Fault {
            Fault("failNext", [("status", .int(status)), ("count", .int(count)), ("operation", operation.map(Value.string))])
        }

        /// The connection closes without a response; the operation does not run.
        public static func drop(count: Int = 1, operation: String? = nil) -> Fault {
            Fault("drop", [("count", .int(count)), ("operation", operation.map(Value.string))])
        }

        /// The operation runs; its answer is cut off halfway through the body.
        public static func truncate(count: Int = 1, operation: String? = nil) -> Fault {
            Fault("truncate", [("count", .int(count)), ("operation", operation.map(Value.string))])
        }

        /// 200 with a body that is not JSON (an HTML page); the operation does not run.
        public static func garbage(count: Int = 1, operation: String? = nil) -> Fault {
            Fault("garbage", [("count", .int(count)), ("operation", operation.map(Value.string))])
        }

        /// 200 with one GraphQL error (`message`, `extensions.code`); the operation does not run.
        public static func error(_ message: String, code: String, count: Int = 1, operation: String? = nil) -> Fault {
            Fault("errorNext", [("message", .string(message)), ("code", .string(code)), ("count", .int(count)), ("operation", operation.map(Value.string))])
        }

        /// The `/__sim/network` body for `offline` and `faults`: each member once, a list when
        /// several faults share it, in the order given.
        static func body(offline: Bool, faults: [Fault]) -> String {
            var members: [String] = []
            var grouped: [String: [Fault]] = [:]
            for fault in faults {
                if grouped[fault.member] == nil { members.append(fault.member) }
                grouped[fault.member, default: []].append(fault)
            }
            var parts = offline ? ["\"offline\":true"] : []
            for member in members {
                let objects = (grouped[member] ?? []).map { fault in
                    "{" + fault.settings.map { Value.quoted($0.0) + ":" + $0.1.description }.joined(separator: ",") + "}"
                }
                parts.append(Value.quoted(member) + ":" + (objects.count == 1 ? objects[0] : "[" + objects.joined(separator: ",") + "]"))
            }
            return "{" + parts.joined(separator: ",") + "}"
        }
    }

    /// A lever: a state set on the live shop (docs/control.md#levers).
    public enum Lever: Sendable, Equatable {
        /// Sets a product's shared stock (0 sells it out).
        case stock(productId: String, units: Int)
        /// The next `count` payments are approved, whatever card is used.
        case approveNextPayments(count: Int = 1)
        /// The next `count` payments are declined with `declineCode`.
        case declineNextPayments(count: Int = 1, declineCode: String = "generic_decline")
        /// The next `count` payments need authentication: declined with `authentication_required`.
        case requireActionOnNextPayments(count: Int = 1)
        /// The next revealed scratch card shows this reward (its title, or its kind like `FREE_SHIPPING`).
        case nextScratchCardReward(String)
        /// The next `count` checkout pages opened say the checkout has expired (HTTP 410; Checkout
        /// Sheet Kit's `checkoutExpired`).
        case expireNextCheckouts(count: Int = 1)
        /// The next `count` checkout pages opened say the checkout is unavailable (Checkout Sheet
        /// Kit's `checkoutUnavailable`).
        case makeNextCheckoutsUnavailable(count: Int = 1)
        /// Moves an offer's end (ISO 8601); nil makes it never end.
        case offerWindow(code: String, expiresAt: String?)
        /// The next `count` sign-ins are throttled (Shopify's `THROTTLED`), whatever they give.
        case throttleNextSignIns(count: Int = 1)
        /// The next `count` sign-ins find the account disabled (`CUSTOMER_DISABLED`).
        case disableNextSignIns(count: Int = 1)
        /// The next `count` sign-ins find the password wrong (`UNIDENTIFIED_CUSTOMER`).
        case refuseNextSignInPasswords(count: Int = 1)
        /// Signs `session` in as the customer `email` names, without the password.
        case signIn(as: String, session: String = "default")

        /// The `/__sim/levers` body: one member per lever, in order (the server pulls them so).
        static func body(_ levers: [Lever]) -> String {
            let parts = levers.map { lever -> String in
                switch lever {
                case .stock(let productId, let units):
                    "\"stock\":{\(Value.quoted(productId)):\(units)}"
                case .approveNextPayments(let count):
                    "\"payments\":{\"next\":\"approved\",\"count\":\(count)}"
                case .declineNextPayments(let count, let code):
                    "\"payments\":{\"next\":\"declined\",\"declineCode\":\(Value.quoted(code)),\"count\":\(count)}"
                case .requireActionOnNextPayments(let count):
                    "\"payments\":{\"next\":\"requires_action\",\"count\":\(count)}"
                case .nextScratchCardReward(let reward):
                    "\"scratchCards\":{\"next\":\(Value.quoted(reward))}"
                case .expireNextCheckouts(let count):
                    "\"checkout\":{\"next\":\"expired\",\"count\":\(count)}"
                case .makeNextCheckoutsUnavailable(let count):
                    "\"checkout\":{\"next\":\"unavailable\",\"count\":\(count)}"
                case .offerWindow(let code, let expiresAt):
                    "\"offers\":{\(Value.quoted(code)):{\"expiresAt\":\(expiresAt.map(Value.quoted) ?? "null")}}"
                case .throttleNextSignIns(let count):
                    "\"signIn\":{\"next\":\"throttled\",\"count\":\(count)}"
                case .disableNextSignIns(let count):
                    "\"signIn\":{\"next\":\"disabled\",\"count\":\(count)}"
                case .refuseNextSignInPasswords(let count):
                    "\"signIn\":{\"next\":\"wrong_password\",\"count\":\(count)}"
                case .signIn(let email, let session):
                    "\"signIn\":{\"as\":\(Value.quoted(email)),\"session\":\(Value.quoted(session))}"
                }
            }
            return "{" + parts.joined(separator: ",") + "}"
        }
    }
}
