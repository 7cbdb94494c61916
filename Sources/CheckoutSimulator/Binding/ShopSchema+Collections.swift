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
            let tests = ContentKind.scalarFields(of: shape)
            var arguments: [ArgumentSpec] = [
                .init("first", "Int", "How many items, 1 to 100.", default: "20"),
                .init("after", "String", "The `endCursor` of the previous page."),
            ]
            if !tests.isEmpty { arguments.append(.init("where", shape.typeName + "Where", "Only the items whose fields equal these.")) }
            let connection = ObjectType<BoxedParent<RequestContext, ContentPage>>(shape.typeName + "Connection")
            fields.object(
                collection.name, connection, "The items of collections/\(collection.name).json, a page at a time in file order.", arguments: arguments,
                decode: { values in
                    let first = try ListingArguments.pageSize(try values.int("first"))
                    let filter = values.optionalInput("where")
                    let given = tests.compactMap { test in filter?.json(test.field.name).map { (field: test.slot, value: $0) } }
                    return (first: first, after: values.optionalString("after"), tests: given)
                }
            ) { _, arguments, context in
                try context.state.content.page(index, first: arguments.first, after: arguments.after, tests: arguments.tests)
            }
            fields.optionalObject(
                collection.singular, ContentObject(shape.typeName), "One \(collection.singular) by id; null when there is none.",
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
                fields.string("cursor", "String!", "Pass as `after` for the items after this one.") { edge, _ in edge.cursor }
                fields.object("node", item, "The \(collection.singular).") { edge, _ in edge.record }
            }
            builder.object(ObjectType<BoxedParent<RequestContext, ContentPage>>(typeName + "Connection"), "A page of \(collection.name), in file order.") { fields in
                fields.list("edges", edge, "The page's items with their cursors.") { page, _ in
                    zip(page.records, page.cursors).map { ContentEdge(record: ContentRecordNumber(index: $0), cursor: $1.encoded) }
                }
                fields.list("nodes", item, "The page's items.") { page, _ in page.records.map(ContentRecordNumber.init) }
                fields.object("pageInfo", Types.pageInfo, "Cursors and whether more pages exist.") { page, _ in .content(page) }
                fields.int("totalCount", "Int!", "How many items match, over all pages.") { page, _ in page.totalCount }
            }
            let scalars = ContentKind.scalarFields(of: content.shapes[collection.shape]).map(\.field)
            if !scalars.isEmpty {
                builder.input(typeName + "Where", "Equality tests on \(collection.name)' fields; every test given must hold.", scalars.map {
                    .init($0.name, $0.kind.graphQLType(shapes: content.shapes), "Only items whose `\($0.name)` equals this.")
                })
            }
        }
    }

    /// One field, read from slot `slot` of the object's record, and the field its link resolves.
    private static func addField(
        _ field: ContentField, slot: Int, content: ContentCollections, to fields: inout Fields<IntegerParent<RequestContext, ContentRecordNumber>>
    ) {
        let type = field.kind.graphQLType(shapes: content.shapes) + (field.nonNull ? "!" : "")
        let value = { @Sendable (record: ContentRecordNumber, context: RequestContext) in
            context.state.content.value(record.index, slot)
        }
        switch field.kind {
        case .id, .string:
            fields.string(field.name, type, field.description) { record, context in
                if case .text(let text) = value(record, context) { return text }
                return nil
            }
        case .int:
            fields.int(field.name, type, field.description) { record, context in
                if case .int(let number) = value(record, context) { return number }
                return nil
            }
        case .bool:
            fields.bool(field.name, type, field.description) { record, context in
                if case .bool(let flag) = value(record, context) { return flag }
                return nil
            }
        case .float, .list:
            fields.json(field.name, type, field.description) { record, context in
                switch value(record, context) {
                case .float(let number): .double(number)
                case .list(let items): .array(items)
                default: nil
                }
            }
        case .object(let shape):
            let nested = { @Sendable (record: ContentRecordNumber, context: RequestContext) -> ContentRecordNumber? in
                if case .record(let number) = value(record, context) { return ContentRecordNumber(index: number) }
                return nil
            }
            let type = ContentObject(content.shapes[shape].typeName)
            if field.nonNull {
                fields.objectOrError(field.name, type, field.description, nested)
            } else {
                fields.optionalObject(field.name, type, field.description, nested)
            }
        }
        if let link = field.link { addLink(link, from: field, value: value, content: content, to: &fields) }
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
        switch (link.many, field.nonNull) {
        case (true, true):
            fields.list(link.field, type, description) { record, context in (ids(record, context) ?? []).compactMap { find($0, context) } }
        case (true, false):
            fields.optionalList(link.field, type, description) { record, context in ids(record, context)?.compactMap { find($0, context) } }
        case (false, true):
            fields.objectOrError(link.field, type, description) { record, context in ids(record, context)?.first.flatMap { find($0, context) } }
        case (false, false):
            fields.optionalObject(link.field, type, description) { record, context in ids(record, context)?.first.flatMap { find($0, context) } }
        }
    }
}
