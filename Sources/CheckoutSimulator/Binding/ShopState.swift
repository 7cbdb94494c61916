import Commerce
import GraphQL

/// The mutable state of one simulator, touched only while its lock is held.
final class ShopState {
    let fixtures: Fixtures
    let seed: UInt64
    let startTime: Instant
    var catalog: Catalog
    var inventory: Inventory
    var clock: Instant
    private(set) var sessions: [String: ShopperSession] = [:]

    init(fixtures: Fixtures, seed: UInt64, now: Instant) {
        self.fixtures = fixtures
        self.seed = seed
        startTime = now
        catalog = fixtures.catalog
        inventory = Inventory(catalog: fixtures.catalog)
        clock = now
    }

    var currency: Currency { fixtures.store.currency }

    /// The named session, created on first use.
    func session(_ name: String) -> ShopperSession {
        if let existing = sessions[name] { return existing }
        let created = ShopperSession(name: name)
        sessions[name] = created
        return created
    }

    func updateSession(_ name: String, _ change: (inout ShopperSession) -> Void) {
        var current = session(name)
        change(&current)
        sessions[name] = current
    }

    /// Back to the state the simulator started in.
    func reset() {
        catalog = fixtures.catalog
        inventory = Inventory(catalog: fixtures.catalog)
        clock = startTime
        sessions = [:]
    }
}

/// The per-request context resolvers receive: the shop and the session the request belongs to.
final class RequestContext {
    let state: ShopState
    let sessionName: String

    init(state: ShopState, sessionName: String) {
        self.state = state
        self.sessionName = sessionName
    }
}

/// Parent values handed between resolvers.
struct ProductNode { let position: Int }
struct MoneyNode { let minorUnits: Int64 }
struct BrandNode { let brand: Brand }
struct CategoryNode { let name: String; let productCount: Int }
struct EdgeNode { let position: Int; let cursor: String }
struct ConnectionNode { let page: ProductPage }
struct SectionNode { let brand: Brand; let positions: [Int] }
struct SectionPageNode { let sections: [SectionNode]; let page: ProductPage }
struct PageInfoNode { let page: ProductPage }

extension FieldCall {
    /// The request context; every resolver of the shop schema runs with one.
    func shop() throws(FieldError) -> RequestContext {
        guard let context = context as? RequestContext else { throw FieldError("The shop context is missing.") }
        return context
    }

    func parent<Node>(_ type: Node.Type) throws(FieldError) -> Node {
        guard let node = parent as? Node else { throw FieldError("Unexpected parent value for \(Node.self).") }
        return node
    }
}
