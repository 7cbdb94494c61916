import Foundation
import Testing

/// ARCHITECTURE.md's inventory of unchecked code ("Every file with unchecked code") is the code's:
/// a file that gains a pointer, an unretained reference, an unchecked cast or an exclusivity skip
/// needs a row saying what checks it, and a row whose file no longer has any goes.
struct UnsafeInventoryTests {
    static let unchecked = #"Unsafe|unowned\(unsafe\)|@exclusivity\(unchecked\)|Unmanaged|unsafeDowncast|unsafeBitCast|unsafelyUnwrapped|_withUnsafeGuaranteedRef|\bmem(cmp|chr|mem|cpy|move)\(|\.withUTF8"#

    @Test func everyFileWithUncheckedCodeHasARowAndEveryRowAFile() throws {
        let root = Processes.packageRoot
        let architecture = try String(contentsOf: root.appendingPathComponent("ARCHITECTURE.md"), encoding: .utf8)
        let section = try #require(architecture.components(separatedBy: "### Every file with unchecked code").dropFirst().first)
        let rows = section.components(separatedBy: "\n## ")[0].split(separator: "\n").filter { $0.hasPrefix("| `") }
        let listed = rows.compactMap { row in row.split(separator: "`", maxSplits: 2).dropFirst().first.map(String.init) }
        #expect(listed.count == rows.count)
        #expect(rows.allSatisfy { $0.split(separator: "|").count == 3 && !$0.hasSuffix("|  |") }, "each row names what checks it")

        let sources = root.appendingPathComponent("Sources")
        var found: [String] = []
        let files = try #require(FileManager.default.enumerator(atPath: sources.path))
        for case let path as String in files where path.hasSuffix(".swift") {
            let text = try String(contentsOf: sources.appendingPathComponent(path), encoding: .utf8)
            // Comments may name the constructs; only code counts.
            let code = text.split(separator: "\n").filter { !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//") }.joined(separator: "\n")
            if code.range(of: Self.unchecked, options: .regularExpression) != nil { found.append(path) }
        }
        #expect(found.count > 40, "the search found the package's unchecked code")
        let missing = Set(found).subtracting(listed).sorted()
        let stale = Set(listed).subtracting(found).sorted()
        #expect(missing.isEmpty, "unchecked code without a row in ARCHITECTURE.md: \(missing)")
        #expect(stale.isEmpty, "rows in ARCHITECTURE.md for files without unchecked code: \(stale)")
        #expect(listed == listed.sorted(), "rows in path order")
    }
}
