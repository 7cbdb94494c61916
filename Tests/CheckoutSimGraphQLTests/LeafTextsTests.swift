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

    /// Text its type promises never needs escaping (`UTF8Writable.isEscapeFree`): copied as it is.
    struct Code: UTF8Writable {
        let text: String

        func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
            Array(text.utf8).withUnsafeBufferPointer(sink)
        }

        static var isEscapeFree: Bool { true }
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
            fields.field("code", type: .nonNull(.string(writtenBy: Code.self)), "A code for it.") { label, _ in
                Code(text: "L\(label.row.label.width)+/=")
            }
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
        // Runs of kept fields (`Executor.LeafRun`) after, between and before resolved fields,
        // split by `__typename`, merged with a fragment's fields, and opening the object.
        "{ label { width2 text note w2: width2 unset outside width } }",
        "{ label { text __typename note ...F width } } fragment F on Label { text unset }",
        "{ labels { text note width } label { ... on Label { note text } width2 } }",
    ]

    @Test(arguments: queries) func slotsAnswerWhatResolversAnswer(_ query: String) throws {
        let written = try Labels.run(query, slots: true)
        #expect(written == (try Labels.run(query, slots: false)))
        #expect(written.hasPrefix(#"{"data":"#))
    }

    /// Consecutive kept fields form one run, held by its first field; a resolved field or
    /// `__typename` ends it.
    @Test func keptFieldsGroupIntoRuns() throws {
        let schema = try Labels.build(slots: true)
        let document = try Parser.parse("{ label { text note __typename width unset width2 outside a: text } }")
        let executor = Executor(schema: schema, document: document, variables: JSONObject(), context: Labels.context, maxErrors: 10)
        guard let labelType = schema.typeIndex["Label"], case .field(let label) = document.selections[document.operations[0].selectionSet.range.lowerBound],
              let selections = document[label].selectionSet
        else { Issue.record("no Label field"); return }
        let fields = executor.collectFields(type: labelType, selectionSet: selections)
        #expect(fields.map(\.responseKey) == ["text", "note", "__typename", "width", "unset", "width2", "outside", "a"])
        #expect(fields.map { $0.leafRun?.count ?? 0 } == [2, 0, 0, 2, 0, 0, 2, 0])
    }

    /// Written text is escaped unless its type promises it needs none.
    @Test func escapeFreeTextIsCopiedAsItIs() throws {
        #expect(try Labels.run("{ label { code width } }", slots: false) == #"{"data":{"label":{"code":"L12+/=","width":"12 \"mm\""}}}"#)
    }

    @Test func textsAreEscapedAndWrittenOnce() throws {
        #expect(try Labels.run("{ label { text note width unset outside } }", slots: true)
            == #"{"data":{"label":{"text":"say \"hi\"\n\u0001\\ — ünï","note":null,"width":"12 \"mm\"","unset":null,"outside":null}}}"#)
        #expect(try Labels.run("{ labels { note } }", slots: true)
            == #"{"data":{"labels":[{"note":null},{"note":"a\tnote"},{"note":null}]},"errors":[{"message":"No label 2.","locations":[{"line":1,"column":12}],"path":["labels",2,"note"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
    }
}

/// A schema read from SDL keeps texts for some objects only: the others' fields run their
/// fallback resolvers, and the answer is the same as with no texts kept at all.
enum SDLLabels {
    static let sdl = """
        type Query { labels: [Label!] label(at: Int!): Label }
        type Label { text: String! note: String kind: Kind! width: Int! }
        enum Kind { SHORT LONG }
        """
    static let texts = ["say \"hi\"\n\u{1}", "plain", "ünï — \\", "fourth"]
    static let notes: [String?] = [nil, "a\tnote", "b", nil]

    static func text(_ label: Int) throws -> String {
        guard label < 3 else { throw FieldError("No label \(label).") }
        return texts[label]
    }

    static func build(keepsTexts: Bool) throws(SchemaError) -> Schema {
        let rows: (String) -> RowReading? = { type in
            guard keepsTexts, type == "Label" else { return nil }
            return RowReading { call in
                let label = call.parentInteger
                if label == 3 { throw FieldError("No label 3.") }
                // Only even labels are kept; label 1 resolves field by field.
                guard label % 2 == 0 else { return ObjectRow(leaves: nil) }
                return ObjectRow(leaves: LeafTexts(slots: 3) { leaves in
                    leaves.set(LeafSlot<String>(0), texts[label])
                    leaves.set(LeafSlot<String?>(1), notes[label])
                    leaves.set(LeafSlot<String>(2), label == 0 ? "SHORT" : "LONG")
                })
            }
        }
        return try SchemaDefinitionLoader.build(SchemaDefinitionLoader.parse(sdl), contextType: nil, rows: rows) { site in
            func kept(_ slot: Int, _ body: @escaping @Sendable (Int) throws -> String?) -> FieldResolution {
                keepsTexts ? .leaf(slot) { call in try body(call.parentInteger) } : .text { call in try body(call.parentInteger) }
            }
            switch (site.typeName, site.fieldName) {
            case ("Query", "labels"): return .general { _ in .list((0..<4).map { .integer($0) }) }
            case ("Query", "label"): return .general { call in .integer(call.argumentValues["at"]?.intValue ?? 0) }
            case ("Label", "text"): return kept(0) { try text($0) }
            case ("Label", "note"): return kept(1) { label in _ = try text(label); return notes[label] }
            case ("Label", "kind"): return kept(2) { label in _ = try text(label); return label == 0 ? "SHORT" : "LONG" }
            case ("Label", "width"): return .integer { call in call.parentInteger * 10 }
            default: return nil
            }
        }
    }

    static func run(_ query: String, keepsTexts: Bool) throws -> String {
        GraphQLEngine.run(GraphQLRequest(query: query), schema: try build(keepsTexts: keepsTexts), context: nil).serialized(pretty: false)
    }
}

struct SDLLeafTextsTests {
    static let queries = [
        "{ label(at: 0) { text note kind width t2: text } }",
        "{ label(at: 1) { text note kind width } }",
        "{ label(at: 2) { kind note text __typename } }",
        // Label 3's row fails: its non-null `text` makes it null, with the row's error.
        "{ label(at: 3) { note text } }",
        "{ labels { text kind } }",
        "{ labels { note } }",
    ]

    @Test(arguments: queries) func keptTextsAnswerWhatFallbacksAnswer(_ query: String) throws {
        let kept = try SDLLabels.run(query, keepsTexts: true)
        #expect(kept == (try SDLLabels.run(query, keepsTexts: false)))
        #expect(kept.hasPrefix(#"{"data":"#))
    }

    @Test func keptAndResolvedObjectsAnswerSideBySide() throws {
        #expect(try SDLLabels.run("{ labels { text note } }", keepsTexts: true)
            == #"{"data":{"labels":null},"errors":[{"message":"No label 3.","locations":[{"line":1,"column":12}],"path":["labels",3,"text"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
        #expect(try SDLLabels.run("{ a: label(at: 0) { text note kind } b: label(at: 1) { text note kind } }", keepsTexts: true)
            == #"{"data":{"a":{"text":"say \"hi\"\n\u0001","note":null,"kind":"SHORT"},"b":{"text":"plain","note":"a\tnote","kind":"LONG"}}}"#)
    }
}
