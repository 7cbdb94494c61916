import CheckoutSimGraphQL

/// `@defer` over HTTP (docs/apollo.md#defer): a client whose `Accept` allows
/// `multipart/mixed;deferSpec=20220824` gets an answer with deferred fragments as
/// `multipart/mixed` parts (`IncrementalDelivery`'s payloads), framed as Apollo iOS reads them.
extension GraphQLHTTP {
    package enum Incremental {
        /// The answer's media type: the boundary and exactly the spec Apollo iOS looks for.
        static let contentType = #"multipart/mixed; boundary="-"; deferSpec=20220824"#
        /// Each part's one header line, spelled as Apollo iOS reads it (the value ends at `; `).
        private static let partHead = Array("\r\n---\r\ncontent-type: application/json; charset=utf-8\r\n\r\n".utf8)
        /// The close delimiter: CRLF, `--`, the boundary, `--`.
        private static let close = Array("\r\n-----".utf8)

        /// Whether `accept` allows `multipart/mixed` with `deferSpec=20220824` (Apollo iOS:
        /// `multipart/mixed;deferSpec=20220824,application/graphql-response+json,application/json`;
        /// a `q=0` refuses it).
        static func accepted(by accept: String?) -> Bool {
            guard let accept else { return false }
            return accept.split(separator: ",").contains { range in
                let parts = range.split(separator: ";").map { $0.filter { !$0.isWhitespace }.lowercased() }
                guard parts.first == "multipart/mixed", parts.contains("deferspec=20220824") else { return false }
                return !parts.contains { $0.hasPrefix("q=") && $0.dropFirst(2).allSatisfy { $0 == "0" || $0 == "." } }
            }
        }

        /// The body: every payload as a part, and where the second part (the first deferred one)
        /// starts. It opens with CRLF before the first delimiter (Apollo iOS drops a first part
        /// that a bare `---` opens) and ends with the close delimiter.
        package static func body(_ payloads: [JSON]) -> (bytes: [UInt8], deferredPartsStart: Int) {
            var bytes: [UInt8] = []
            var deferredPartsStart = 0
            for (index, payload) in payloads.enumerated() {
                if index == 1 { deferredPartsStart = bytes.count }
                bytes += partHead
                bytes += Array(payload.serialized().utf8)
            }
            bytes += close
            return (bytes, deferredPartsStart)
        }

        /// Whether `reading` may be answered in parts: one request, whose client accepts parts,
        /// whose document mentions `@defer`. A latency fault then waits between the parts
        /// instead of before the answer (docs/apollo.md#defer).
        static func mayAnswerInParts(_ reading: Reading) -> Bool {
            guard reading.reply.acceptsParts, case .single(let one, _, _) = reading.content else { return false }
            return one.request.query.contains("@defer")
        }
    }
}
