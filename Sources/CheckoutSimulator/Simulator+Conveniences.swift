import Foundation
import CheckoutSimGraphQL

extension Simulator {
    /// Executes a request from async code; requests still run one at a time.
    public func response(to request: GraphQLRequest, session: String = "default") async -> GraphQLResponse {
        execute(request, session: session)
    }

    /// Executes a query string with variables given as JSON values.
    public func execute(_ query: String, variables: JSONObject = JSONObject(), operationName: String? = nil, session: String = "default") -> GraphQLResponse {
        execute(GraphQLRequest(query: query, variables: variables, operationName: operationName), session: session)
    }
}

/// Why a response could not be decoded into the caller's type.
public struct ResponseDecodingError: Error, Sendable, CustomStringConvertible {
    /// What went wrong.
    public let message: String
    /// The message.
    public var description: String { message }
}

extension GraphQLResponse {
    /// The response document as compact UTF-8 JSON.
    public var body: Data { Data(compactBytes()) }

    /// Decodes `data` into `T`; fails when the response has errors or no data.
    public func decode<T: Decodable>(_ type: T.Type, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        try Self.decode(T.self, from: checkedData(), describing: "the response data", decoder: decoder)
    }

    /// Decodes the value at `path` under `data` into `T`: `"products"`, `"products.nodes"`, or
    /// `"products.nodes.0"` for an array's item. Fails when the response has errors or the path
    /// leads nowhere, naming the part that was missing.
    public func decode<T: Decodable>(_ type: T.Type, at path: String, decoder: JSONDecoder = JSONDecoder()) throws -> T {
        let bytes = try checkedData()
        guard var value = try? JSONParser.parse(bytes) else { throw ResponseDecodingError(message: "The response has no data.") }
        var walked = "data"
        for key in path.split(separator: ".", omittingEmptySubsequences: false).map(String.init) {
            let next: Simulator.JSON?
            if case .array(let items) = value, let index = Int(key) {
                next = items.indices.contains(index) ? items[index] : nil
            } else {
                next = value[key]
            }
            guard let next else { throw ResponseDecodingError(message: "The response has nothing at \"\(key)\" under \(walked).") }
            value = next
            walked += "." + key
        }
        return try Self.decode(T.self, from: Array(value.serialized().utf8), describing: walked, decoder: decoder)
    }

    /// `data`'s bytes, or why there are none to decode.
    private func checkedData() throws(ResponseDecodingError) -> [UInt8] {
        guard errors.isEmpty else {
            throw ResponseDecodingError(message: "The response has errors: " + errors.map(\.message).joined(separator: "; "))
        }
        guard let data else { throw ResponseDecodingError(message: "The response has no data.") }
        return data
    }

    private static func decode<T: Decodable>(
        _ type: T.Type, from bytes: [UInt8], describing place: String, decoder: JSONDecoder
    ) throws(ResponseDecodingError) -> T {
        do {
            return try decoder.decode(T.self, from: Data(bytes))
        } catch {
            throw ResponseDecodingError(message: "Cannot decode \(T.self) from \(place): \(error)")
        }
    }
}
