import Foundation
import Testing

/// The contract lives in the repository (`docs/`): every `docs/…` a source file cites exists, with
/// the section it names, and nothing cites a file outside the repository instead.
struct DocsCitationTests {
    /// The GitHub anchor of a heading: lowercased, punctuation dropped, spaces as hyphens.
    static func anchor(_ heading: String) -> String {
        String(heading.lowercased().compactMap { character -> Character? in
            if character == " " { return "-" }
            return character.isLetter || character.isNumber || character == "-" || character == "_" ? character : nil
        })
    }

    static func swiftFiles(under folder: String) -> [URL] {
        let root = Processes.packageRoot.appendingPathComponent(folder)
        let names = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return names.filter { $0.hasSuffix(".swift") }.sorted().map { root.appendingPathComponent($0) }
    }

    @Test func everyCitationNamesAPageAndSectionThatExist() throws {
        let pattern = try NSRegularExpression(pattern: #"docs/([a-z-]+\.md)(#[a-z0-9_-]+)?"#)
        var citations = 0
        for file in Self.swiftFiles(under: "Sources") + Self.swiftFiles(under: "Tests") {
            let text = try String(contentsOf: file, encoding: .utf8)
            for match in pattern.matches(in: text, range: NSRange(text.startIndex..., in: text)) {
                let page = (text as NSString).substring(with: match.range(at: 1))
                let url = Processes.packageRoot.appendingPathComponent("docs").appendingPathComponent(page)
                let doc = try #require(try? String(contentsOf: url, encoding: .utf8), "\(file.lastPathComponent) cites docs/\(page), which does not exist")
                citations += 1
                guard match.range(at: 2).location != NSNotFound else { continue }
                let wanted = String((text as NSString).substring(with: match.range(at: 2)).dropFirst())
                let anchors = doc.components(separatedBy: "\n").filter { $0.hasPrefix("#") }
                    .map { Self.anchor(String($0.drop { $0 == "#" }.dropFirst())) }
                #expect(anchors.contains(wanted), "\(file.lastPathComponent) cites docs/\(page)#\(wanted); the page has \(anchors)")
            }
        }
        #expect(citations > 30, "the sources cite the docs: \(citations) citations")
    }

    @Test func noSourceCitesTheContractOutsideTheRepository() throws {
        for file in Self.swiftFiles(under: "Sources") {
            let text = try String(contentsOf: file, encoding: .utf8)
            #expect(!text.contains("SPEC §") && !text.contains("SPEC.md"), "\(file.lastPathComponent) cites SPEC")
        }
    }
}
