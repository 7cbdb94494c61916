/// One step of `Executor.path`.
enum PathStep {
    case field(Unmanaged<Executor.CollectedField>)
    case index(Int)

    /// The step as an error's path shows it.
    var component: PathComponent {
        switch self {
        case .field(let field): .key(field.takeUnretainedValue().responseKey)
        case .index(let index): .index(index)
        }
    }
}
