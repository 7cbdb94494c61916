/// Routes as data (docs/http.md#routes): the server's table (`SimulatorServer.routes`, the one
/// place a route is added) and the Storefront paths' (`StorefrontPath`). Exact paths are found by
/// hashing, and patterns whose segments are literal or take a value (`{name}`: one
/// segment a check accepts; `{name...}`: the rest of the path, slashes and all), tried in the
/// order added. A request's path is matched once; its route and values travel with it.
struct RouteTable<Route: Sendable>: Sendable {
    /// A route found for a path, and the values its pattern took from the path.
    struct Match: Sendable {
        let route: Route
        let values: [(name: String, value: Substring)]

        /// The value the pattern's `{name}` took; nil when it has none of that name.
        func value(_ name: String) -> Substring? {
            values.first { $0.name == name }?.value
        }
    }

    private enum Segment: Sendable {
        case literal(Substring)
        case value(String, accepts: @Sendable (Substring) -> Bool)
        case rest(String)
    }

    private var exact: [String: Route] = [:]
    private var patterns: [(segments: [Segment], route: Route)] = []

    /// Adds `route` at `pattern`: an exact path, or one with `{name}` segments (a non-empty segment
    /// `accepts[name]` accepts, any without one) and at most a final `{name...}`.
    mutating func add(_ pattern: String, accepts: [String: @Sendable (Substring) -> Bool] = [:], _ route: Route) {
        guard pattern.contains("{") else {
            precondition(exact[pattern] == nil, "two routes at \(pattern)")
            exact[pattern] = route
            return
        }
        let segments = pattern.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map { part -> Segment in
            guard part.hasPrefix("{"), part.hasSuffix("}") else { return .literal(part) }
            let name = part.dropFirst().dropLast()
            if name.hasSuffix("...") { return .rest(String(name.dropLast(3))) }
            let any: @Sendable (Substring) -> Bool = { _ in true }
            return .value(String(name), accepts: accepts[String(name)] ?? any)
        }
        patterns.append((segments, route))
    }

    /// The route for `path` (a sandbox's prefix already taken off), with its values.
    func match(_ path: String) -> Match? {
        if let route = exact[path] { return Match(route: route, values: []) }
        guard path.hasPrefix("/") else { return nil }
        let parts = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        patterns: for (segments, route) in patterns {
            var values: [(name: String, value: Substring)] = []
            for (index, segment) in segments.enumerated() {
                switch segment {
                case .rest(let name):
                    // Everything from this segment on (which may be empty), as the path spells it.
                    guard parts.indices.contains(index) else { continue patterns }
                    values.append((name, path[parts[index].startIndex...]))
                    return Match(route: route, values: values)
                case .literal(let literal):
                    guard parts.indices.contains(index), parts[index] == literal else { continue patterns }
                case .value(let name, let accepts):
                    guard parts.indices.contains(index), !parts[index].isEmpty, accepts(parts[index]) else { continue patterns }
                    values.append((name, parts[index]))
                }
            }
            if parts.count == segments.count { return Match(route: route, values: values) }
        }
        return nil
    }
}
