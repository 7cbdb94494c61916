/// A problem at a place in a file: `FILE:LINE:COLUMN: message`, the line, and a caret.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    public let file: String
    public let line: Int
    public let column: Int
    public let message: String
    /// The source line and a caret under the column; empty when there is no line to show.
    public let excerpt: String

    public init(file: String, line: Int, column: Int, message: String, excerpt: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.excerpt = excerpt
    }

    /// A diagnostic pointing into `lineText` (1-based column, in Unicode scalars).
    public init(file: String, line: Int, column: Int, message: String, lineText: String) {
        var pad = ""
        for (index, scalar) in lineText.unicodeScalars.enumerated() where index < column - 1 {
            pad.append(scalar == "\t" ? "\t" : " ")
        }
        self.init(file: file, line: line, column: column, message: message, excerpt: lineText + "\n" + pad + "^")
    }

    public var description: String {
        let head = "\(file):\(line):\(column): \(message)"
        return excerpt.isEmpty ? head : head + "\n" + excerpt.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}

/// Every problem found in the scenario and operation files; nothing runs while there is one.
public struct ScenarioLoadError: Error, Sendable, CustomStringConvertible {
    public let diagnostics: [Diagnostic]

    public var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
