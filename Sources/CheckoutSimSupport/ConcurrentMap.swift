import Dispatch

extension Array where Element: Sendable {
    /// `transform` of each element, computed on as many threads as the machine has, in the
    /// array's order: for independent pieces of loading (a catalog's sort orders, fixture files).
    package func concurrentMap<Output: Sendable>(_ transform: @Sendable (Element) -> Output) -> [Output] {
        let results = Locked<[Output?]>(Array<Output?>(repeating: nil, count: count))
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let output = transform(self[index])
            results.withLock { $0[index] = output }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
