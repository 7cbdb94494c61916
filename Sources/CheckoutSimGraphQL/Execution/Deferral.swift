/// `@defer` (docs/apollo.md#defer): which fields a deferred fragment brings, and where they were
/// written.
///
/// The executor runs a document with `@defer` as one with every fragment in place, so its answer
/// is the plain answer, byte for byte, and a mutation runs once. Collecting fields marks each
/// field that only deferred fragments bring with its fragment (`CollectedField.deferral`), and
/// writing an object that has such fields notes where it is (`DeferredObject`). The answer is
/// then split into the initial payload and one part per deferred fragment and object
/// (`IncrementalDelivery`), by those notes: what the client merges is the plain answer.
struct Deferral: Equatable, Sendable {
    /// Where the deferred fragment's `...` is in the document: its identity, and its order.
    let offset: Int
    /// The `label` the document gives it.
    let label: String?
}

/// An object written with fields that deferred fragments bring: where it is in `data`, and
/// each such field's response key and fragment, in the order they were written.
package struct DeferredObject: Sendable {
    let path: [PathComponent]
    let fields: [(key: String, deferral: Deferral)]
}

extension Executor {
    /// Notes the object about to be written at `path` when deferred fragments bring some of its
    /// fields (called only when the document uses `@defer`).
    mutating func noteDeferredFields(_ fields: [CollectedField]) {
        guard fields.contains(where: { $0.deferral != nil }) else { return }
        let deferred = fields.compactMap { field in field.deferral.map { (key: field.responseKey, deferral: $0) } }
        deferredObjects.append(DeferredObject(path: path.components, fields: deferred))
    }
}
