import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

extension HTTPURLResponse {
    /// The header fields with lowercased names, for assertions that should not depend on how a
    /// platform's URLSession spells them.
    var lowercasedFields: [String: String] {
        var fields: [String: String] = [:]
        for (key, value) in allHeaderFields {
            if let key = key as? String, let value = value as? String { fields[key.lowercased()] = value }
        }
        return fields
    }
}
