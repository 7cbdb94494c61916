import CheckoutSimCommerce
import CheckoutSimGraphQL

/// A Storefront object type whose modeled text fields are answered from JSON text kept across
/// requests (`StorefrontRows`): each field's read, in slot order. The same read answers the field
/// when its object has no kept text (a defaulted object, an image that is not a product's), so
/// the kept text and the field's answer cannot differ (Benchmarks/NOTES.md, issue 41).
struct KeptTexts<Parent: StorefrontObject, Subject>: Sendable {
    typealias Read = @Sendable (Subject, StorefrontContext) throws -> String?

    /// The object type (`Product`).
    let type: String
    /// The subject a parent stands for; throws when there is none (the field reports it).
    let subject: @Sendable (Parent, StorefrontContext) throws -> Subject
    /// Each kept field's name and read; a field's slot is its position here.
    private(set) var reads: [(field: String, read: Read)] = []

    init(_ type: String, subject: @escaping @Sendable (Parent, StorefrontContext) throws -> Subject) {
        self.type = type
        self.subject = subject
    }

    mutating func text(_ field: String, _ read: @escaping Read) {
        reads.append((field, read))
    }

    /// The texts of `subject`'s fields, or nil when one of them cannot be kept: a read that
    /// fails or answers null where its field may not be null, or a value its enum does not have.
    /// Such an object's fields resolve one by one and report what is wrong.
    func texts(of subject: Subject, in context: StorefrontContext, rules: [KeptSlotRule]) -> LeafTexts? {
        var values: [String?] = []
        values.reserveCapacity(reads.count)
        for slot in reads.indices {
            let value: String?
            do {
                value = try reads[slot].read(subject, context)
            } catch {
                return nil
            }
            if slot < rules.count {
                guard let value else {
                    if rules[slot].nonNull { return nil }
                    values.append(nil)
                    continue
                }
                if let allowed = rules[slot].enumValues, !allowed.contains(value) { return nil }
            }
            values.append(value)
        }
        return LeafTexts(slots: values.count) { builder in
            for slot in values.indices { builder.set(LeafSlot<String?>(slot), values[slot]) }
        }
    }

    /// The texts of the subject `parent` stands for (read as the fields' fallback reads it, so
    /// the two cannot differ); nil when there is none or when a text cannot be kept.
    func texts(for parent: Parent, in context: StorefrontContext, rules: [KeptSlotRule]) -> LeafTexts? {
        guard let subject = try? subject(parent, context) else { return nil }
        return texts(of: subject, in: context, rules: rules)
    }

    /// Adds the fields to `fields`: each answers from its slot, or by its read for an object
    /// whose `row` gives no texts; `row` is what the type reads once per object, given the
    /// fields' rules (`facts`) in slot order. A defaulted object has no row.
    func add(
        to fields: inout ModeledFields, row: @escaping @Sendable (Parent, StorefrontContext, [KeptSlotRule]) -> LeafTexts?
    ) {
        let subject = self.subject
        fields.object(type, as: Parent.self) { object in
            for (slot, (field, read)) in reads.enumerated() {
                object.kept(field, slot: slot) { parent, context in try read(subject(parent, context), context) }
            }
        }
        let rules = reads.map { KeptSlotRule(field: $0.field, of: type, facts: fields.facts) }
        fields.rows(of: type) { call in
            if call.parentInteger == DefaultObject.marker { return ObjectRow(leaves: nil) }
            guard let parent = try? Parent.parent(of: call) else { return ObjectRow(leaves: nil) }
            return ObjectRow(leaves: call.withContext(as: StorefrontContext.self) { row(parent, $0, rules) })
        }
    }
}

/// What the schema says of a kept field's value: whether it may be null, and an enum's values.
struct KeptSlotRule: Sendable {
    let nonNull: Bool
    let enumValues: Set<String>?

    init(nonNull: Bool, enumValues: Set<String>?) {
        self.nonNull = nonNull
        self.enumValues = enumValues
    }

    /// The rule of `type.field` as the schema declares it (a field it lacks: nullable text).
    init(field: String, of type: String, facts: SchemaFacts) {
        let declared = facts.fieldTypes["\(type).\(field)"]
        nonNull = declared?.isNonNullType ?? false
        enumValues = declared.flatMap { facts.enumValues[$0.namedType.value] }.map(Set.init)
    }
}
