import CheckoutSimGraphQL

/// The bundled operations a page sends (docs/http.md#pages), by name, as the JSON object its
/// script reads: their texts exactly as bundled, composed with their fragments, so a recording
/// of a page's requests replays them as `send NAME` steps and a persisted-query manifest of the
/// bundled operations covers them.
enum PageOperations {
    static func json(_ names: [String], simulator: Simulator) -> JSON {
        let library = (try? simulator.bundledOperations.get()) ?? .empty
        return .object(JSONObject(names.compactMap { name in library.documents[name].map { (name, JSON.string($0)) } }))
    }
}
