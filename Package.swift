// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "checkout-sim",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CheckoutSimulator", targets: ["CheckoutSimulator"]),
        // The control client for UI tests: Foundation and URLSession only, no engine.
        .library(name: "CheckoutSimControl", targets: ["CheckoutSimControl"]),
        .executable(name: "checkout-sim", targets: ["checkout-sim"]),
    ],
    targets: [
        .target(name: "CheckoutSimSupport"),
        // <sys/epoll.h>, which Swift's Glibc module leaves out: the server's loops wait with it on Linux.
        .systemLibrary(name: "CEpoll"),
        .target(name: "CheckoutSimControl"),
        .target(name: "CheckoutSimGraphQL"),
        .target(name: "CheckoutSimCommerce", dependencies: ["CheckoutSimSupport"]),
        .executableTarget(name: "EmbedResources"),
        .plugin(
            name: "EmbedResourcesPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedResources"]
        ),
        .target(name: "CheckoutSimScenarios", dependencies: ["CheckoutSimSupport", "CheckoutSimGraphQL", "CheckoutSimCommerce"]),
        // The Storefront dialect: Shopify's schema as data and its binding over Commerce.
        .target(
            name: "CheckoutSimStorefront",
            dependencies: ["CheckoutSimSupport", "CheckoutSimGraphQL", "CheckoutSimCommerce"],
            plugins: ["EmbedResourcesPlugin"]
        ),
        .target(
            name: "CheckoutSimulator",
            dependencies: [
                "CheckoutSimSupport", "CheckoutSimGraphQL", "CheckoutSimCommerce", "CheckoutSimScenarios", "CheckoutSimStorefront",
                .target(name: "CEpoll", condition: .when(platforms: [.linux])),
            ],
            plugins: ["EmbedResourcesPlugin"]
        ),
        // The benchmarks and the hostile corpus: used by the CLI and the tests, not in the library product.
        .target(
            name: "CheckoutSimTooling",
            dependencies: ["CheckoutSimulator", "CheckoutSimSupport", "CheckoutSimGraphQL", "CheckoutSimCommerce"]
        ),
        .executableTarget(
            name: "checkout-sim",
            dependencies: [
                "CheckoutSimulator", "CheckoutSimSupport", "CheckoutSimTooling", "CheckoutSimGraphQL", "CheckoutSimCommerce", "CheckoutSimScenarios",
            ]
        ),
        // Starts the programs tests talk to (the built binary, python3, node, Chromium) with posix_spawn.
        .target(name: "ChildProcesses", path: "Tests/ChildProcesses"),
        .testTarget(name: "CheckoutSimGraphQLTests", dependencies: ["CheckoutSimGraphQL", "ChildProcesses"]),
        .testTarget(name: "CheckoutSimCommerceTests", dependencies: ["CheckoutSimSupport", "CheckoutSimCommerce"]),
        .testTarget(name: "CheckoutSimScenariosTests", dependencies: ["CheckoutSimSupport", "CheckoutSimScenarios"]),
        // Compiled as an app's test target would be: only the library product, no @testable.
        .testTarget(name: "AppIntegrationTests", dependencies: ["CheckoutSimulator"]),
        // Compiled as an XCUITest target would be: only the control client, against a server started
        // as a CI script starts it (ChildProcesses).
        .testTarget(name: "ControlClientTests", dependencies: ["CheckoutSimControl", "ChildProcesses"]),
        .testTarget(
            name: "CheckoutSimulatorTests",
            dependencies: [
                "CheckoutSimulator", "CheckoutSimTooling", "CheckoutSimSupport", "CheckoutSimGraphQL", "CheckoutSimCommerce", "CheckoutSimScenarios",
                "CheckoutSimStorefront", "ChildProcesses",
            ],
            // Shopify's introspection of each bundled API version, without descriptions (StorefrontSchemaTests),
            // and of the Customer Account API (CustomerAccountSchemaTests).
            exclude: ["2025-01", "2025-04", "2025-07", "2025-10", "2026-01", "2026-04"].map { "Storefront/storefront-\($0).facts.json" }
                + ["Customers/customer-account-2026-04.facts.json"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
