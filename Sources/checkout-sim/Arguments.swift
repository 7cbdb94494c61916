import CheckoutSimGraphQL
import CheckoutSimulator

/// A command line split into positionals and `--option value` / `--flag` pairs.
struct Arguments {
    struct Failure: Error {
        let message: String
    }

    private(set) var positionals: [String] = []
    private var options: [(name: String, value: String?)] = []
    /// The names the command declared, so a lookup of an undeclared one is caught in debug builds.
    private let declared: Set<String>

    /// Splits `words` by the options `command` accepts.
    init(_ words: [String], for command: CommandDescription) throws(Failure) {
        let accepted = command.acceptedOptions
        let valued = Set(accepted.filter { $0.value != nil }.map(\.name))
        let flags = Set(accepted.filter { $0.value == nil }.map(\.name))
        declared = valued.union(flags)
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            guard word.hasPrefix("--"), word.count > 2 else {
                positionals.append(word)
                continue
            }
            var name = String(word.dropFirst(2))
            var inlineValue: String?
            if let equals = name.firstIndex(of: "=") {
                inlineValue = String(name[name.index(after: equals)...])
                name = String(name[..<equals])
            }
            if valued.contains(name) {
                if let inlineValue {
                    options.append((name, inlineValue))
                } else {
                    guard index < words.count else { throw Failure(message: "option --\(name) needs a value") }
                    options.append((name, words[index]))
                    index += 1
                }
            } else if flags.contains(name), inlineValue == nil {
                options.append((name, nil))
            } else {
                let close = Suggestions.list(name, options: accepted.map(\.name)).first
                throw Failure(message: "unknown option --\(name)" + (close.map { " (did you mean --\($0)?)" } ?? ""))
            }
        }
    }

    func value(_ name: String) -> String? {
        assert(declared.contains(name), "--\(name) is not in the command's description")
        return options.last { $0.name == name }?.value
    }

    /// Every value given for a repeatable option, in order.
    func values(_ name: String) -> [String] {
        assert(declared.contains(name), "--\(name) is not in the command's description")
        return options.filter { $0.name == name }.compactMap(\.value)
    }

    func has(_ name: String) -> Bool {
        assert(declared.contains(name), "--\(name) is not in the command's description")
        return options.contains { $0.name == name }
    }
}
