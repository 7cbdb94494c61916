import CheckoutSimGraphQL
import CheckoutSimSupport

/// The line protocol of `checkout-sim serve --stdio`: one JSON line in, one compact JSON line out
/// (docs/cli.md, "serve --stdio").
///
/// A line is a request, `{"query", "variables"?, "operationName"?, "session"?}`, read by the
/// decoder every transport uses, or a control action with one member, `{"reset": true}`,
/// `{"advance": "2h"}`, read as `POST /__sim/…` reads it. Anything else is answered with a
/// `BAD_REQUEST` error.
package struct StdioLines: Sendable {
    /// The simulator every line is answered by.
    package let simulator: Simulator
    /// The session of lines that name none.
    package let defaultSession: String

    /// A protocol answering lines with `simulator`.
    package init(simulator: Simulator, defaultSession: String = "default") {
        self.simulator = simulator
        self.defaultSession = defaultSession
    }

    /// The response line for one input line (without the newline); nil for a blank line.
    package func respond(to line: String) -> String? {
        var line = line
        return line.withUTF8 { respond(toLine: $0) }.map { String(decoding: $0, as: UTF8.self) }
    }

    /// The response bytes for one input line's bytes (without the newline); nil for a blank line.
    ///
    /// Bytes in, bytes out: `serve --stdio` never turns a line or a response into a `String`.
    package func respond(toLine line: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        // JSON's whitespace is these four bytes; a line of nothing else is skipped.
        guard line.contains(where: { $0 != 0x20 && $0 != 0x09 && $0 != 0x0D && $0 != 0x0A }) else { return nil }
        let json: JSON
        do {
            json = try JSONParser.parse(line, maxDepth: simulator.limits.maxVariablesDepth + 2)
        } catch {
            return HTTPAnswer.refused("The line is not valid JSON: \(error.line):\(error.column): \(error.message).").body
        }
        guard case .object(let object) = json else {
            return HTTPAnswer.refused("Expected a JSON object, found \(json.kindDescription).").body
        }
        if let name = object.keys.first(where: ControlAction.names.contains) {
            guard object.count == 1 else {
                return HTTPAnswer.refused("A control line has one member, like {\"\(name)\": …}; this one has \(object.count).").body
            }
            switch ControlAction.parse(name: name, argument: object[name]) {
            case .failure(let failure): return HTTPAnswer.refused(failure.message).body
            case .success(let action): return simulator.perform(action, network: nil).answer.body
            }
        }
        switch GraphQLRequestDecoding.request(from: object, sourceBytes: line.count, limits: simulator.limits) {
        case .failure(let failure):
            return HTTPAnswer.refused(failure.message).body
        case .success(let got):
            // A persisted query's hash resolves as over HTTP (docs/apollo.md); a refusal is the line's answer.
            switch GraphQLHTTP.resolvePersisted(got, simulator: simulator) {
            case .run(let decoded):
                return simulator.execute(decoded.request, session: decoded.session ?? defaultSession, caching: .reuse, note: .stdio).compactBytes()
            case .refuse(_, let error):
                return GraphQLHTTP.refusalBody(error, for: got, session: got.session ?? defaultSession, note: .stdio, status: 200, simulator: simulator)
            }
        }
    }

    /// The answer to a line longer than `maxBytes`, which is skipped up to its newline.
    package func lineTooLong(maxBytes: Int) -> [UInt8] {
        HTTPAnswer.refused("The line is longer than \(maxBytes) bytes; it was skipped up to its newline.").body
    }
}
