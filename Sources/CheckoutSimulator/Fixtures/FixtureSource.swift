import Foundation
import CheckoutSimSupport

/// Where fixtures come from: the copy compiled into the build, or a folder on disk.
public struct FixtureSource: Sendable {
    /// Fixture files by path relative to the fixtures folder (`products/page-1.json`), in path order.
    public let files: [(path: String, text: String)]
    /// How to name the source in messages.
    public let origin: String

    /// Fixtures from in-memory files; `origin` names them in messages.
    public init(files: [(path: String, text: String)], origin: String) {
        self.files = files.sorted { $0.path.precedesBytewise($1.path) }
        self.origin = origin
    }

    /// The fixtures embedded at build time from `MockResponses/`.
    public static var bundled: FixtureSource {
        let prefix = "MockResponses/"
        let files = EmbeddedResources.files.compactMap { entry -> (String, String)? in
            entry.path.hasPrefix(prefix) ? (String(entry.path.dropFirst(prefix.count)), entry.text) : nil
        }
        return FixtureSource(files: files, origin: "bundled fixtures")
    }

    /// Every `.json` file in `directory` and its `products/` and `collections/` folders.
    public static func directory(_ directory: String) throws(FixtureError) -> FixtureSource {
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        guard manager.fileExists(atPath: directory, isDirectory: &isFolder), isFolder.boolValue else {
            throw FixtureError(problems: [FixtureProblem(file: directory, path: "$", message: "no such fixtures folder")])
        }
        var files: [(String, String)] = []
        var problems: [FixtureProblem] = []
        for folder in ["", "products/", "collections/"] {
            let names = (try? manager.contentsOfDirectory(atPath: directory + "/" + folder)) ?? []
            for name in names where name.hasSuffix(".json") {
                let path = folder + name
                guard let data = manager.contents(atPath: directory + "/" + path), let text = String(data: data, encoding: .utf8) else {
                    problems.append(FixtureProblem(file: path, path: "$", message: "cannot be read as UTF-8 text"))
                    continue
                }
                files.append((path, text))
            }
        }
        if !problems.isEmpty { throw FixtureError(problems: problems) }
        return FixtureSource(files: files, origin: directory)
    }

    func text(of path: String) -> String? {
        files.first { $0.path == path }?.text
    }
}
