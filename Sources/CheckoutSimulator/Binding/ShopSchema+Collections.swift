import CheckoutSimCommerce
import CheckoutSimGraphQL

/// The types and query fields of the content collections (docs/fixtures.md#content-collections), built from their inferred
/// shapes: `Query.banners(first, after, where)`, `Query.banner(id)`, and per collection the item
/// type, its nested types, `BannerConnection`, `BannerEdge` and `BannerWhere`.
extension ShopSchema {
    /// An object of a collection: items and nested objects travel as record numbers.
    typealias ContentObject = ObjectType<IntegerParent<RequestContext, ContentRecordNumber>>

    /// `Query.<name>` and `Query.<singular>` for each collection.
    static func addCollectionQueryFields(_ content: ContentCollections, to fields: inout Fields<BoxedParent<RequestContext, Void>>) {
        for (index, collection) in content.collections.enumerated() {
            let shape = content.shapes[collection.shape]
            let tests = whereFields(of: shape, in: content)
            let first = ArgumentKey<Int>("first", .int, default: 20, "How many items, 1 to 100.")
            let after = ArgumentKey<String?>("after", .string, "The `endCursor` of the previous page.")
            let filter = ArgumentKey<ArgumentValues?>("where", InputObjectType(shape.typeName + "Where"), "Only the items whose fields equal these.")
            let arguments = ArgumentList([first.declaration, after.declaration] + (tests.isEmpty ? [] : [filter.declaration])) { values in
                let filter = tests.isEmpty ? nil : try values[filter]
                let given = try filter.map { filter in
                    try tests.compactMap { test in try filter[test.key].map { (field: test.slot, value: $0) } }
                } ?? []
                return (first: try ListingArguments.pageSize(values[first]), after: try values[after], tests: given)
            }
            let connection = ObjectType<BoxedParent<RequestContext, ContentPage>>(shape.typeName + "Connection")
            fields.field(
                collection.name, type: .nonNull(connection), "The items of collections/\(collection.name).json, a page at a time in file order.",
                arguments: arguments
            ) { _, arguments, context in
                try context.state.content.page(index, first: arguments.first, after: arguments.after, tests: arguments.tests)
            }
            fields.field(
                collection.singular, type: ContentObject(shape.typeName), "One \(collection.singular) by id; null when there is none.",
                arguments: ContentItemArguments.self
            ) { _, arguments, context in
                context.state.content.item(index, id: arguments.id)
            }
        }
    }

    /// Each collection's item type, nested types, connection, edge and `where` input.
    static func addCollectionTypes(_ content: ContentCollections, to builder: inout Builder) {
        for shape in content.shapes {
            builder.object(ContentObject(shape.typeName), shape.description) { fields in
                for (slot, field) in shape.fields.enumerated() { addField(field, slot: slot, content: content, to: &fields) }
            }
        }
        for collection in content.collections {
            let typeName = content.shapes[collection.shape].typeName
            let item = ContentObject(typeName)
            let edge = ObjectType<BoxedParent<RequestContext, ContentEdge>>(typeName + "Edge")
            builder.object(edge, "A \(collection.singular) and its cursor.") { fields in
                fields.field("cursor", type: .nonNull(.string), "Pass as `after` for the items after this one.") { edge, _ in edge.cursor }
                fields.field("node", type: .nonNull(item), "The \(collection.singular).") { edge, _ in edge.record }
            }
            builder.object(ObjectType<BoxedParent<RequestContext, ContentPage>>(typeName + "Connection"), "A page of \(collection.name), in file order.") { fields in
                fields.field("edges", type: .nonNull(.list(.nonNull(edge))), "The page's items with their cursors.") { page, _ in
                    zip(page.records, page.cursors).map { ContentEdge(record: ContentRecordNumber(index: $0), cursor: $1.encoded) }
                }
                fields.field("nodes", type: .nonNull(.list(.nonNull(item))), "The page's items.") { page, _ in page.records.map(ContentRecordNumber.init) }
                fields.field("pageInfo", type: .nonNull(Types.pageInfo), "Cursors and whether more pages exist.") { page, _ in .content(page) }
                fields.field("totalCount", type: .nonNull(.int), "How many items match, over all pages.") { page, _ in page.totalCount }
            }
            let tests = whereFields(of: content.shapes[collection.shape], in: content)
            if !tests.isEmpty {
                builder.input(
                    InputObjectType(typeName + "Where"), "Equality tests on \(collection.name)' fields; every test given must hold.",
                    tests.map(\.key.declaration))
            }
        }
    }

    /// The fields of a collection's `where` input: one equality test per scalar field of its items.
    private static func whereFields(of shape: ContentShape, in content: ContentCollections) -> [(slot: Int, key: ArgumentKey<JSON?>)] {
        ContentKind.scalarFields(of: shape).map { test in
            let type = test.field.kind.graphQLType(shapes: content.shapes)
            return (test.slot, ArgumentKey<JSON?>(test.field.name, .data(type), "Only items whose `\(test.field.name)` equals this."))
        }
    }

    /// One field, read from slot `slot` of the object's record, and the field its link resolves.
    private static func addField(
        _ field: ContentField, slot: Int, content: ContentCollections, to fields: inout Fields<IntegerParent<RequestContext, ContentRecordNumber>>
    ) {
        let value = { @Sendable (record: ContentRecordNumber, context: RequestContext) in
            context.state.content.value(record.index, slot)
        }
        // The leaves read their slot themselves rather than through `value`: one call less per
        // field of every item (collection-page-20, Benchmarks/NOTES.md).
        switch field.kind {
        case .id, .string:
            add(field.kind == .id ? .id : .string, field, to: &fields) { record, context in
                if case .text(let text) = context.state.content.value(record.index, slot) { return text }
                return nil
            }
        case .int:
            add(.int, field, to: &fields) { record, context in
                if case .int(let number) = context.state.content.value(record.index, slot) { return number }
                return nil
            }
        case .bool:
            add(.boolean, field, to: &fields) { record, context in
                if case .bool(let flag) = context.state.content.value(record.index, slot) { return flag }
                return nil
            }
        case .float, .list:
            let type = field.kind.graphQLType(shapes: content.shapes) + (field.nonNull ? "!" : "")
            fields.field(field.name, type: .data(type), field.description) { record, context in
                switch context.state.content.value(record.index, slot) {
                case .float(let number): .double(number)
                case .list(let items): .array(items)
                default: nil
                }
            }
        case .object(let shape):
            add(ContentObject(content.shapes[shape].typeName), field, to: &fields) { record, context in
                if case .record(let number) = context.state.content.value(record.index, slot) { return ContentRecordNumber(index: number) }
                return nil
            }
        }
        if let link = field.link { addLink(link, from: field, value: value, content: content, to: &fields) }
    }

    /// A field of type `type`, non-null when the data says so: a record without a value there is
    /// then reported as any null in a non-null field is.
    @inline(__always) private static func add<Type: NullableOutputType>(
        _ type: Type, _ field: ContentField, named name: String? = nil, description: String? = nil,
        to fields: inout Fields<IntegerParent<RequestContext, ContentRecordNumber>>,
        _ read: @escaping @Sendable (ContentRecordNumber, RequestContext) -> Type.Element?
    ) {
        let name = name ?? field.name
        let description = description ?? field.description
        if field.nonNull {
            fields.field(name, type: .nonNull(type), description) { record, context in try read(record, context).orNoValue() }
        } else {
            fields.field(name, type: type, description, read)
        }
    }

    /// The field a link id resolves: `product` beside `productId`, `products` beside `productIds`.
    private static func addLink(
        _ link: ContentLink, from field: ContentField,
        value: @escaping @Sendable (ContentRecordNumber, RequestContext) -> ContentValue, content: ContentCollections,
        to fields: inout Fields<IntegerParent<RequestContext, ContentRecordNumber>>
    ) {
        let ids = { @Sendable (record: ContentRecordNumber, context: RequestContext) -> [String]? in
            switch value(record, context) {
            case .text(let id): [id]
            case .list(let items): items.compactMap(\.stringValue)
            default: nil
            }
        }
        switch link.target {
        case .product:
            addLink(link, from: field, type: Types.product, ids: ids, to: &fields) { id, context in
                context.state.shop.catalog.position(of: id).map(ProductPosition.init)
            }
        case .brand:
            addLink(link, from: field, type: Types.brand, ids: ids, to: &fields) { id, context in context.state.brandPosition(id: id) }
        case .collection(let index):
            let type = ContentObject(content.shapes[content.collections[index].shape].typeName)
            addLink(link, from: field, type: type, ids: ids, to: &fields) { id, context in context.state.content.item(index, id: id) }
        }
    }

    private static func addLink<Child: ParentCarrier>(
        _ link: ContentLink, from field: ContentField, type: ObjectType<Child>,
        ids: @escaping @Sendable (ContentRecordNumber, RequestContext) -> [String]?,
        to fields: inout Fields<IntegerParent<RequestContext, ContentRecordNumber>>,
        find: @escaping @Sendable (String, RequestContext) -> Child.Parent?
    ) where Child.Context == RequestContext {
        let description = link.many
            ? "The \(link.field) `\(field.name)` names, in order."
            : "The \(link.field) `\(field.name)` names."
        if link.many {
            add(.list(.nonNull(type)), field, named: link.field, description: description, to: &fields) { record, context in
                field.nonNull
                    ? (ids(record, context) ?? []).compactMap { find($0, context) }
                    : ids(record, context)?.compactMap { find($0, context) }
            }
        } else {
            add(type, field, named: link.field, description: description, to: &fields) { record, context in
                ids(record, context)?.first.flatMap { find($0, context) }
            }
        }
    }
}
