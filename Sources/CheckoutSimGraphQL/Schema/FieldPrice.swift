/// What a field costs before it runs (docs/limits.md#the-cost-rule): the work it does itself
/// (`own`, in the schema's units: entries looked at, objects written) and how many times its
/// selections are written for it (`times`: a page's size, a list's bound; 1 for one object; 0
/// when they cost nothing, which also spares walking them).
public struct FieldPrice: Sendable, Equatable {
    public var own: Int
    public var times: Int

    public init(own: Int = 0, times: Int = 1) {
        self.own = own
        self.times = times
    }
}
