import Foundation
import PackagePlugin

/// Embeds the bundled fixtures, scenario operations, the playground and the checkout pages into the `CheckoutSimulator`
/// module, and Shopify's Storefront schema (SDL) into the `CheckoutSimStorefront` module.
///
/// A built `checkout-sim` binary must keep working after it is copied elsewhere, so the files are
/// compiled in as string literals instead of being read from a resource bundle at run time.
@main
struct EmbedResourcesPlugin: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let root = context.package.directoryURL
        let folders = target.name == "CheckoutSimStorefront" ? ["Storefront"] : ["MockResponses", "Scenarios/Operations", "Playground", "Pages"]
        var inputs: [URL] = []
        for folder in folders {
            inputs += Self.files(under: root.appending(path: folder))
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedResources.swift")
        var arguments = [output.path(percentEncoded: false), root.path(percentEncoded: false)]
        arguments += folders
        return [
            .buildCommand(
                displayName: "Embedding fixtures and operations",
                executable: try context.tool(named: "EmbedResources").url,
                arguments: arguments,
                inputFiles: inputs,
                outputFiles: [output]
            )
        ]
    }

    private static func files(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else {
            return []
        }
        var found: [URL] = []
        for case let url as URL in walker where !url.hasDirectoryPath {
            found.append(url)
        }
        return found.sorted { $0.path < $1.path }
    }
}
