import CheckoutSimScenarios

extension ScenarioRunner {
    /// A runner that gives each scenario file a fresh simulator over `fixtures`.
    package static func simulator(fixtures: Fixtures, defaultSeed: UInt64? = nil, defaultNow: String? = nil) -> ScenarioRunner {
        ScenarioRunner { seed, now in
            try Simulator(loaded: fixtures, seed: seed ?? defaultSeed, now: now ?? defaultNow)
        }
    }
}

/// The operations bundled from `Scenarios/Operations/`, for scenarios that have no folder of their own.
package enum BundledOperations {
    /// The bundled `.graphql` files, by path, in path order.
    package static var files: [(path: String, text: String)] {
        EmbeddedResources.files.filter { $0.path.hasPrefix("Scenarios/Operations/") && $0.path.hasSuffix(".graphql") }
    }
}
