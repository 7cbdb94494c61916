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
        .target(name: "GraphQL"),
        .target(name: "Commerce"),
        .executableTarget(name: "EmbedResources"),
        .plugin(
            name: "EmbedResourcesPlugin",
            capability: .buildTool(),
            dependencies: ["EmbedResources"]
        ),
        .target(name: "Scenarios", dependencies: ["GraphQL", "Commerce"]),
        .target(
            name: "CheckoutSimulator",
            dependencies: ["GraphQL", "Commerce", "Scenarios"],
            plugins: ["EmbedResourcesPlugin"]
        ),
        .executableTarget(name: "checkout-sim", dependencies: ["CheckoutSimulator"]),
        .testTarget(name: "GraphQLTests", dependencies: ["GraphQL"]),
        .testTarget(name: "CommerceTests", dependencies: ["Commerce"]),
        .testTarget(name: "ScenariosTests", dependencies: ["Scenarios"]),
        .testTarget(name: "CheckoutSimulatorTests", dependencies: ["CheckoutSimulator"]),
    ],
    swiftLanguageModes: [.v6]
)
