// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "checkout-sim",
    platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
    products: [
        .library(name: "CheckoutSimulator", targets: ["CheckoutSimulator"]),
        .executable(name: "checkout-sim", targets: ["checkout-sim"]),
    ],
    targets: [
        .target(name: "CheckoutSimGraphQL"),
        .target(name: "CheckoutSimCommerce"),
        .executableTarget(name: "EmbedResources"),
        .plugin(
            name: "EmbedResourcesPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedResources"]
        ),
        .target(name: "CheckoutSimScenarios", dependencies: ["CheckoutSimGraphQL", "CheckoutSimCommerce"]),
        .target(
            name: "CheckoutSimulator",
            dependencies: ["CheckoutSimGraphQL", "CheckoutSimCommerce", "CheckoutSimScenarios"],
            plugins: ["EmbedResourcesPlugin"]
        ),
        .executableTarget(
            name: "checkout-sim",
            dependencies: ["CheckoutSimulator", "CheckoutSimGraphQL", "CheckoutSimCommerce", "CheckoutSimScenarios"]
        ),
        .testTarget(name: "CheckoutSimGraphQLTests", dependencies: ["CheckoutSimGraphQL"]),
        .testTarget(name: "CheckoutSimCommerceTests", dependencies: ["CheckoutSimCommerce"]),
        .testTarget(name: "CheckoutSimScenariosTests", dependencies: ["CheckoutSimScenarios"]),
        // Compiled as an app's test target would be: only the library product, no @testable.
        .testTarget(name: "AppIntegrationTests", dependencies: ["CheckoutSimulator"]),
        .testTarget(
            name: "CheckoutSimulatorTests",
            dependencies: ["CheckoutSimulator", "CheckoutSimGraphQL", "CheckoutSimCommerce", "CheckoutSimScenarios"]
        ),
    ],
    swiftLanguageModes: [.v6]
)
