import Foundation
import Testing

/// The library's public surface is what `PublicAPI.swift` lists (docs/swift-api.md): a type made
/// public by accident, or one the list forgets, fails here. The modules behind the library share
/// through `package` access; their public types are only those the library's API hands out.
struct PublicSurfaceTests {
    /// Top-level public declarations (`public struct Name`, …) in the Swift files under `folder`.
    static func publicNames(in folder: String) throws -> Set<String> {
        let root = Processes.packageRoot.appendingPathComponent(folder)
        let pattern = try NSRegularExpression(pattern: #"^(?:@\w+ )*public (?:final class|class|struct|(?:indirect )?enum|protocol|actor|typealias) (\w+)"#, options: .anchorsMatchLines)
        var names = Set<String>()
        let files = try #require(FileManager.default.enumerator(atPath: root.path)).compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }
        for file in files {
            let text = try String(contentsOf: root.appendingPathComponent(file), encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                names.insert((text as NSString).substring(with: match.range(at: 1)))
            }
        }
        return names
    }

    /// The library's own types, as the comment at the top of `PublicAPI.swift` lists them.
    static func listedNames() throws -> Set<String> {
        let text = try String(contentsOf: Processes.packageRoot.appendingPathComponent("Sources/CheckoutSimulator/PublicAPI.swift"), encoding: .utf8)
        let listing = text.components(separatedBy: "\n").filter { $0.hasPrefix("//   ") }.joined(separator: " ")
        var names = Set(listing.replacingOccurrences(of: "//", with: " ").split { $0 == "," || $0 == " " }.map(String.init))
        for line in text.components(separatedBy: "\n") where line.hasPrefix("public typealias ") {
            names.insert(String(line.dropFirst("public typealias ".count).prefix { $0 != " " }))
        }
        return names
    }

    @Test func theLibraryExportsWhatPublicAPIListsAndNothingElse() throws {
        let listed = try Self.listedNames()
        #expect(listed.count >= 15, "the list was read: \(listed.sorted())")
        #expect(try Self.publicNames(in: "Sources/CheckoutSimulator") == listed)
    }

    @Test func theControlClientNeedsNoEngine() throws {
        // docs/control-client.md: a UI test target links it alone, Foundation and URLSession only.
        let folder = Processes.packageRoot.appendingPathComponent("Sources/CheckoutSimControl")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".swift") }
        #expect(files.count >= 3)
        for file in files {
            let text = try String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8)
            let imports = text.components(separatedBy: "\n").filter { $0.hasPrefix("import ") }
            #expect(Set(imports).isSubset(of: ["import Foundation", "import FoundationNetworking"]), "\(file): \(imports)")
        }
        #expect(try Self.publicNames(in: "Sources/CheckoutSimControl") == ["ShopControl"], "everything else is nested in ShopControl")
        let manifest = try String(contentsOf: Processes.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".target(name: "CheckoutSimControl"),"#), "the target depends on nothing")
    }

    @Test func theModulesBehindItShareThroughPackageAccess() throws {
        // The vocabulary the library's API hands out (requests, responses, errors, JSON, limits, network faults,
        // the clock's instants) and one measured exception: the typed binding's generic API
        // (`Schema/`), whose `@inlinable` code Swift specializes in the binding's module only when
        // it is public (as `package` it ran unspecialized: +75 % instructions a listing request;
        // Benchmarks/NOTES.md).
        let vocabulary: Set = [
            "GraphQLRequest", "GraphQLResponse", "GraphQLError", "PathComponent", "SourceLocation", "JSON", "JSONObject",
            "RequestLimits", "ParseLimits", "ValidationLimits",
        ]
        #expect(try Self.publicNames(in: "Sources/CheckoutSimGraphQL") == vocabulary.union(try Self.publicNames(in: "Sources/CheckoutSimGraphQL/Schema")))
        #expect(try Self.publicNames(in: "Sources/CheckoutSimGraphQL/Schema") == [
            "ArgumentDeclaration", "ArgumentKey", "ArgumentList", "ArgumentValues", "BooleanInput", "BooleanOutput", "BoxedParent",
            "DataInput", "DataOutput", "EnumType", "FieldArguments", "FieldCall", "FieldError", "FieldPrice", "FieldResolution", "Fields",
            "InputObjectType", "InputType", "IntInput", "IntOutput", "IntegerBacked", "IntegerParent", "LeafCarrier", "LeafInputType",
            "LeafRow", "LeafSlot", "LeafTexts", "ListInput",
            "ListOutput", "NonNullInput", "NonNullOutput", "NullableOutputType", "ObjectType", "OutputType", "ParentCarrier",
            "Resolved", "RowParent", "Schema", "SchemaError", "ScopedOutput", "TextInput", "TextOutput", "TextualOutput",
            "TypeRef", "TypeReference", "TypedSchemaBuilder", "UTF8Writable", "WithRow", "WrittenTextOutput",
        ])
        // The clock's instants, and one measured exception: the kept rows' table both dialects'
        // modules read for every object written, public so its `@inlinable` code is inlined there
        // (Benchmarks/NOTES.md, issue 60).
        #expect(try Self.publicNames(in: "Sources/CheckoutSimCommerce") == ["CatalogRows", "Instant"])
        // The Storefront API versions, which `Simulator.StorefrontVersion` names.
        #expect(try Self.publicNames(in: "Sources/CheckoutSimStorefront") == ["StorefrontAPIVersion"])
        // The network faults every transport and scenarios share, which the library's routes and server take.
        #expect(try Self.publicNames(in: "Sources/CheckoutSimSupport") == ["NetworkFault", "NetworkConditions"])
        for module in ["CheckoutSimScenarios", "CheckoutSimTooling"] {
            #expect(try Self.publicNames(in: "Sources/\(module)").isEmpty, "\(module)")
        }
    }
}
