import Testing
@testable import CheckoutSimGraphQL

/// Fields written from a row's `LeafTexts` answer exactly what the same fields with resolvers
/// answer: escaping, nulls, written text, aliases, a failed row, null bubbling.
enum Labels {
    final class Context: Sendable {
        let labels: [Label]
        init(labels: [Label]) { self.labels = labels }
    }

    final class Label: Sendable {
        let text: String
        let note: String?
        let width: Int

        init(_ text: String, note: String?, width: Int) {
            self.text = text
            self.note = note
            self.width = width
        }
    }

    /// A label with its texts made once.
    final class LabelRow: LeafRow {
        let label: Label
        let leaves: LeafTexts

        enum Slot {
            static let text = LeafSlot<String>(0)
            static let note = LeafSlot<String?>(1)
            static let width = LeafSlot<Width>(2)
            /// Left unset: null.
            static let unset = LeafSlot<String?>(3)
            /// Past the slots the texts have: null too.
            static let outside = LeafSlot<String?>(9)
        }

        init(_ label: Label) {
            self.label = label
            leaves = LeafTexts(slots: 4) { texts in
                texts.set(Slot.text, label.text)
                texts.set(Slot.note, label.note)
                texts.set(Slot.width, Width(millimetres: label.width))
            }
        }
    }

    struct Width: UTF8Writable {
        let millimetres: Int

        func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
            Array("\(millimetres) \"mm\"".utf8).withUnsafeBufferPointer(sink)
        }
    }

    struct Number: IntegerBacked {
        let integer: Int
        init(integer: Int) { self.integer = integer }
    }

    static let query = ObjectType<BoxedParent<Context, Void>>("Query")
    static let label = ObjectType<RowParent<Context, Number, LabelRow>>("Label")

    /// The schema, its `Label` fields written from slots or, with `slots` false, by resolvers.
    static func build(slots: Bool) throws(SchemaError) -> Schema {
        var builder = TypedSchemaBuilder<Context>()
        builder.object(query, "Reads.") { fields in
            fields.field("labels", type: .nonNull(.list(.nonNull(label))), "Every label, and one that is not there.") { _, context in
                (0...context.labels.count).map(Number.init(integer:))
            }
            fields.field("label", type: label, "The label at `0`, or null.") { _, _ in Number(integer: 0) }
        }
        builder.object(label, "A label.", row: { number, context in
            guard context.labels.indices.contains(number.integer) else { throw FieldError("No label \(number.integer).") }
            return LabelRow(context.labels[number.integer])
        }) { fields in
            if slots {
                fields.field("text", type: .nonNull(.string), "Its text.", leaf: LabelRow.Slot.text)
                fields.field("note", type: .string, "A note, if any.", leaf: LabelRow.Slot.note)
                fields.field("width", type: .nonNull(.string(writtenBy: Width.self)), "Its width.", leaf: LabelRow.Slot.width)
                fields.field("unset", type: .string, "Never set.", leaf: LabelRow.Slot.unset)
                fields.field("outside", type: .string, "Outside the slots.", leaf: LabelRow.Slot.outside)
            } else {
                fields.field("text", type: .nonNull(.string), "Its text.") { label, _ in label.row.label.text }
                fields.field("note", type: .string, "A note, if any.") { label, _ in label.row.label.note }
                fields.field("width", type: .nonNull(.string(writtenBy: Width.self)), "Its width.") { label, _ in
                    Width(millimetres: label.row.label.width)
                }
                fields.field("unset", type: .string, "Never set.") { _, _ in nil }
                fields.field("outside", type: .string, "Outside the slots.") { _, _ in nil }
            }
            fields.field("width2", type: .nonNull(.int), "Its width, as a number.") { label, _ in label.row.label.width }
        }
        return try builder.build(query: query)
    }

    static let context = Context(labels: [
        Label("say \"hi\"\n\u{1}\\ — ünï", note: nil, width: 12),
        Label("plain", note: "a\tnote", width: 3),
    ])

    static func run(_ query: String, slots: Bool) throws -> String {
        GraphQLEngine.run(GraphQLRequest(query: query), schema: try build(slots: slots), context: context).serialized(pretty: false)
    }
}

struct LeafTextsTests {
    static let queries = [
        "{ label { text note width unset outside width2 } }",
        "{ label { a: text b: text note2: note w: width __typename } }",
        // The third label's row fails: its non-null `text` makes the whole list null.
        "{ labels { text } }",
        // A nullable leaf of a failed row is null with the row's error.
        "{ labels { note } }",
    ]

    @Test(arguments: queries) func slotsAnswerWhatResolversAnswer(_ query: String) throws {
        let written = try Labels.run(query, slots: true)
        #expect(written == (try Labels.run(query, slots: false)))
        #expect(written.hasPrefix(#"{"data":"#))
    }

    @Test func textsAreEscapedAndWrittenOnce() throws {
        #expect(try Labels.run("{ label { text note width unset outside } }", slots: true)
            == #"{"data":{"label":{"text":"say \"hi\"\n\u0001\\ — ünï","note":null,"width":"12 \"mm\"","unset":null,"outside":null}}}"#)
        #expect(try Labels.run("{ labels { note } }", slots: true)
            == #"{"data":{"labels":[{"note":null},{"note":"a\tnote"},{"note":null}]},"errors":[{"message":"No label 2.","locations":[{"line":1,"column":12}],"path":["labels",2,"note"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
    }
}
