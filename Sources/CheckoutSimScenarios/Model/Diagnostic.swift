/// A problem at a place in a file: `FILE:LINE:COLUMN: message`, the line, and a caret.
package struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// The file the problem is in.
    package let file: String
    /// 1-based line; 0 when the problem is the file itself.
    package let line: Int
    /// 1-based column, counting Unicode scalars.
    package let column: Int
    /// What is wrong and what was expected.
    package let message: String
    /// The source line and a caret under the column; empty when there is no line to show.
    package let excerpt: String

    /// A diagnostic with a ready excerpt.
    package init(file: String, line: Int, column: Int, message: String, excerpt: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.excerpt = excerpt
    }

    /// The most bytes of a line an excerpt shows whole; a longer one is shown as a window of
    /// `excerptReach` scalars either side of the column, so a diagnostic on a megabyte-long line
    /// (an inline document of one line) costs no more than one on a short line.
    static let maxWholeLine = 400
    static let excerptReach = 100

    /// A diagnostic pointing into `lineText` (1-based column, in Unicode scalars).
    package init(file: String, line: Int, column: Int, message: String, lineText: String) {
        let scalars = lineText.unicodeScalars
        let caret = max(0, column - 1)
        var start = scalars.startIndex
        var end = scalars.endIndex
        // The scalar offset `start` stands at: the window's first, walked to once.
        var offset = 0
        var lead = ""
        var tail = ""
        if lineText.utf8.count > Self.maxWholeLine {
            offset = max(0, caret - Self.excerptReach)
            start = scalars.index(scalars.startIndex, offsetBy: offset, limitedBy: scalars.endIndex) ?? scalars.endIndex
            end = scalars.index(start, offsetBy: 2 * Self.excerptReach, limitedBy: scalars.endIndex) ?? scalars.endIndex
            if start > scalars.startIndex { lead = "…" }
            if end < scalars.endIndex { tail = "…" }
        }
        var pad = lead.isEmpty ? "" : " "
        var index = start
        while index < end, offset < caret {
            pad.append(scalars[index] == "\t" ? "\t" : " ")
            index = scalars.index(after: index)
            offset += 1
        }
        let shown = lead + String(scalars[start..<end]) + tail
        self.init(file: file, line: line, column: column, message: message, excerpt: shown + "\n" + pad + "^")
    }

    /// `FILE:LINE:COLUMN: message` (`FILE: message` for a whole file), then the line and a
    /// caret, indented.
    package var description: String {
        let head = line > 0 ? "\(file):\(line):\(column): \(message)" : "\(file): \(message)"
        return excerpt.isEmpty ? head : head + "\n" + excerpt.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }
}

/// Every problem found in the scenario and operation files; nothing runs while there is one.
package struct ScenarioLoadError: Error, Sendable, CustomStringConvertible {
    /// The problems, in the order they were found.
    package let diagnostics: [Diagnostic]

    /// One diagnostic after another.
    package var description: String {
        diagnostics.map(\.description).joined(separator: "\n")
    }
}
