import CheckoutSimGraphQL

/// `{{name}}` placeholders in variables JSON and expected values.
///
/// Inside a JSON string a placeholder becomes the value's text (so `"{{cursor}}"` stays a
/// string); outside one it becomes the value's JSON (so `{"first": {{n}}}` gets a number).
package enum Substitution {
    /// An unknown placeholder name, with its offset in the text.
    package struct UnknownName: Error, Sendable {
        /// The placeholder's name.
        package let name: String
        /// Where `{{` starts in the text.
        package let offset: Int
    }

    /// `text` with every placeholder replaced; throws for a name without a value.
    package static func apply(_ text: String, values: [String: JSON]) throws(UnknownName) -> String {
        var output = ""
        var inString = false
        var escaped = false
        let characters = Array(text)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "{", index + 1 < characters.count, characters[index + 1] == "{",
               let close = closing(in: characters, from: index + 2)
            {
                let name = String(characters[(index + 2)..<close]).trimmingCharacters(in: .whitespaces)
                guard let value = values[name] else { throw UnknownName(name: name, offset: index) }
                if inString {
                    let raw = value.stringValue ?? value.serialized()
                    output += String(JSON.string(raw).serialized().dropFirst().dropLast())
                } else {
                    output += value.serialized()
                }
                index = close + 2
                continue
            }
            if inString {
                if escaped {
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == "\"" {
                    inString = false
                }
            } else if character == "\"" {
                inString = true
            }
            output.append(character)
            index += 1
        }
        return output
    }

    /// The text with every placeholder replaced by a stand-in (`0` outside strings), to check syntax early.
    package static func neutralised(_ text: String) -> String {
        var names: [String: JSON] = [:]
        for name in placeholders(in: text) { names[name] = .int(0) }
        return (try? apply(text, values: names)) ?? text
    }

    /// The placeholder names in `text`, in order.
    package static func placeholders(in text: String) -> [String] {
        let characters = Array(text)
        var names: [String] = []
        var index = 0
        while index + 1 < characters.count {
            if characters[index] == "{", characters[index + 1] == "{", let close = closing(in: characters, from: index + 2) {
                names.append(String(characters[(index + 2)..<close]).trimmingCharacters(in: .whitespaces))
                index = close + 2
            } else {
                index += 1
            }
        }
        return names
    }

    private static func closing(in characters: [Character], from start: Int) -> Int? {
        var index = start
        while index + 1 < characters.count {
            if characters[index] == "}", characters[index + 1] == "}" {
                let name = String(characters[start..<index]).trimmingCharacters(in: .whitespaces)
                let valid = !name.isEmpty && name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." }
                return valid ? index : nil
            }
            if characters[index] == "\n" { return nil }
            index += 1
        }
        return nil
    }
}
