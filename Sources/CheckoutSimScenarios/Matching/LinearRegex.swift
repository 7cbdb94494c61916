/// A regular expression for `expect … matches`, matched in time linear in its subject.
///
/// The common syntax (docs/scenarios.md): literals, `.`, classes `[a-z_]` and `[^…]`, `\d \w \s` (and
/// `\D \W \S`), escaped punctuation, `\n \t \r`, `* + ?` (a trailing `?` for laziness is
/// accepted: it cannot change whether a match exists), `{m}`, `{m,}`, `{m,n}` up to 1,000,
/// `|`, groups `( )` and `(?: )`, `^` (start of the text) and `$` (its end, or before a final
/// newline), as ICU's defaults read them. Anything else — backreferences, lookaround, flags,
/// `\b` — is refused when the pattern is compiled, with the column of the construct.
///
/// The pattern compiles to a Thompson automaton (`Instruction`s), which `matches(_:)` runs over
/// every position at once (Pike's method), so no input can make it backtrack.
/// - Complexity: compiling O(p) in the compiled program's size p (at most `maxProgram`);
///   matching O(n · p) for a subject of n scalars.
struct LinearRegex: Sendable {
    /// Programs larger than this are refused (a `{m,n}` copies its operand).
    static let maxProgram = 5_000
    /// Groups nested deeper than this are refused.
    static let maxDepth = 50

    enum Instruction: Sendable, Equatable {
        case scalar(Unicode.Scalar)
        /// Any scalar but a newline.
        case any
        case set(ScalarSet)
        /// Go on at both targets.
        case split(Int, Int)
        case jump(Int)
        case textStart
        case textEnd
        case match
    }

    /// Why a pattern was refused; `offset` counts Unicode scalars from 0.
    struct PatternError: Error, Sendable, Equatable {
        let message: String
        let offset: Int
    }

    let program: [Instruction]

    /// Compiles `pattern`, or says which construct is outside the supported syntax and where.
    init(_ pattern: String) throws(PatternError) {
        var parser = RegexParser(pattern: Array(pattern.unicodeScalars))
        let node = try parser.parseWhole()
        var program: [Instruction] = []
        try Self.emit(node, into: &program)
        guard program.count < Self.maxProgram else { throw Self.tooLarge }
        program.append(.match)
        self.program = program
    }

    private static var tooLarge: PatternError {
        PatternError(message: "the pattern is too large (more than \(maxProgram) steps once repeats are expanded)", offset: 0)
    }

    /// Appends `node`'s instructions; every call checks the size first, so a repeat of a repeat
    /// stops growing as soon as it passes the limit.
    private static func emit(_ node: RegexNode, into program: inout [Instruction]) throws(PatternError) {
        guard program.count <= maxProgram else { throw tooLarge }
        switch node {
        case .empty: break
        case .scalar(let scalar): program.append(.scalar(scalar))
        case .any: program.append(.any)
        case .set(let set): program.append(.set(set))
        case .textStart: program.append(.textStart)
        case .textEnd: program.append(.textEnd)
        case .sequence(let parts):
            for part in parts { try emit(part, into: &program) }
        case .alternation(let choices):
            // split L1, next; L1: a; jump end; next: split L2, … ; last: z; end:
            var jumps: [Int] = []
            for (index, choice) in choices.enumerated() {
                if index == choices.count - 1 {
                    try emit(choice, into: &program)
                } else {
                    let split = program.count
                    program.append(.split(split + 1, -1))
                    try emit(choice, into: &program)
                    jumps.append(program.count)
                    program.append(.jump(-1))
                    program[split] = .split(split + 1, program.count)
                }
            }
            for jump in jumps { program[jump] = .jump(program.count) }
        case .repeated(let operand, let minimum, let maximum):
            for _ in 0..<minimum { try emit(operand, into: &program) }
            if let maximum {
                // Each optional copy may be skipped to the end.
                var splits: [Int] = []
                for _ in minimum..<maximum {
                    splits.append(program.count)
                    program.append(.split(program.count + 1, -1))
                    try emit(operand, into: &program)
                }
                for split in splits { program[split] = .split(split + 1, program.count) }
            } else {
                // loop: split body, end; body: operand; jump loop
                let loop = program.count
                program.append(.split(loop + 1, -1))
                try emit(operand, into: &program)
                program.append(.jump(loop))
                program[loop] = .split(loop + 1, program.count)
            }
        }
    }

    /// Whether the pattern matches anywhere in `text`.
    ///
    /// Every live state is kept once per position (a mark per instruction), so however the
    /// pattern nests, a position costs at most one visit per instruction.
    func matches(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        var current: [Int] = []
        var next: [Int] = []
        var marks = [Int](repeating: -1, count: program.count)
        var stack: [Int] = []
        current.reserveCapacity(program.count)
        next.reserveCapacity(program.count)
        for position in 0...scalars.count {
            // An unanchored search: a thread starts at every position.
            if add(0, at: position, in: scalars, to: &current, marks: &marks, stack: &stack) { return true }
            let scalar = position < scalars.count ? scalars[position] : nil
            for pc in current {
                guard let scalar else { continue }
                let advances: Bool
                switch program[pc] {
                case .scalar(let expected): advances = scalar == expected
                case .any: advances = scalar != "\n"
                case .set(let set): advances = set.contains(scalar)
                default: advances = false
                }
                if advances, add(pc + 1, at: position + 1, in: scalars, to: &next, marks: &marks, stack: &stack) { return true }
            }
            swap(&current, &next)
            next.removeAll(keepingCapacity: true)
        }
        return false
    }

    /// Adds the thread at `pc` and every thread its jumps, splits and assertions lead to;
    /// true when one of them reaches `match`.
    private func add(
        _ pc: Int, at position: Int, in scalars: [Unicode.Scalar], to list: inout [Int], marks: inout [Int], stack: inout [Int]
    ) -> Bool {
        stack.append(pc)
        while let pc = stack.popLast() {
            guard marks[pc] != position else { continue }
            marks[pc] = position
            switch program[pc] {
            case .match:
                stack.removeAll()
                return true
            case .jump(let target): stack.append(target)
            case .split(let first, let second):
                stack.append(second)
                stack.append(first)
            case .textStart:
                if position == 0 { stack.append(pc + 1) }
            case .textEnd:
                if position == scalars.count || (position == scalars.count - 1 && scalars[position] == "\n") { stack.append(pc + 1) }
            case .scalar, .any, .set:
                list.append(pc)
            }
        }
        return false
    }
}
