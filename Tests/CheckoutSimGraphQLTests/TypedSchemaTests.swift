import Testing
@testable import CheckoutSimGraphQL

/// A typed schema over a small garden, unrelated to shopping: every part of `TypedSchemaBuilder`.
enum Garden {
    final class Context {
        let plants: [Plant]
        var planted: [String] = []

        init(plants: [Plant]) { self.plants = plants }
    }

    final class Plant: Sendable {
        let name: String
        let height: Int

        init(_ name: String, _ height: Int) {
            self.name = name
            self.height = height
        }
    }

    struct PlantNumber: IntegerBacked {
        let index: Int
        init(index: Int) { self.index = index }
        init(integer: Int) { index = integer }
        var integer: Int { index }
    }

    enum Season: String, CaseIterable, Sendable {
        case spring = "SPRING", summer = "SUMMER", autumn = "AUTUMN", winter = "WINTER"
    }

    struct Bed: Sendable {
        let name: String
        let season: Season
        let plants: [Int]
    }

    typealias Object<Parent: Sendable> = ObjectType<BoxedParent<Context, Parent>>
    static let query = Object<Void>("Query")
    static let mutation = Object<Void>("Mutation")
    static let bed = Object<Bed>("Bed")
    static let plant = ObjectType<RowParent<Context, PlantNumber, Plant>>("Plant")
    static let season = EnumType<Season>("Season")
    static let sowInput = InputObjectType("SowInput")

    struct PlantsArguments: FieldArguments {
        static let first = ArgumentKey<Int>("first", .int, default: 2, "How many.")
        static let season = ArgumentKey<Season>("season", Garden.season, default: .summer, "Only this season's beds.")
        static var arguments: [ArgumentDeclaration] { [first.declaration, season.declaration] }
        let first: Int
        let season: Season

        init(_ values: ArgumentValues) throws {
            first = try values[Self.first]
            season = try values[Self.season]
        }
    }

    struct PlantArguments: FieldArguments {
        static let number = ArgumentKey<Int>("number", .nonNull(.int), "Which plant.")
        static var arguments: [ArgumentDeclaration] { [number.declaration] }
        let number: Int

        init(_ values: ArgumentValues) throws { number = try values[Self.number] }
    }

    struct SowArguments: FieldArguments {
        static let input = ArgumentKey<ArgumentValues>("input", .nonNull(Garden.sowInput), "What to sow.")
        static let name = ArgumentKey<String>("name", .nonNull(.string), "The seed.")
        static let depth = ArgumentKey<Int>("depth", .int, default: 10, "In millimetres.")
        static var arguments: [ArgumentDeclaration] { [input.declaration] }
        let name: String
        let depth: Int

        init(_ values: ArgumentValues) throws {
            let input = try values[Self.input]
            name = try input[Self.name]
            depth = try input[Self.depth]
        }
    }

    struct LabelArguments: FieldArguments {
        static let prefix = ArgumentKey<String>("prefix", .string, default: "bed", "What comes before the name.")
        static var arguments: [ArgumentDeclaration] { [prefix.declaration] }
        let prefix: String

        init(_ values: ArgumentValues) throws { prefix = try values[Self.prefix] }
    }

    /// A depth that writes its own text.
    struct Depth: UTF8Writable {
        let millimetres: Int

        func writeUTF8(to sink: (UnsafeBufferPointer<UInt8>) -> Void) {
            Array("\(millimetres) mm".utf8).withUnsafeBufferPointer(sink)
        }
    }

    static let beds = [Bed(name: "north", season: .summer, plants: [0, 1]), Bed(name: "south", season: .spring, plants: [2])]

    static func build(seasons: [Season]? = nil) throws(SchemaError) -> Schema {
        var builder = TypedSchemaBuilder<Context>()
        builder.object(query, "Reads.") { fields in
            fields.field("beds", type: .nonNull(.list(.nonNull(bed))), "Every bed.") { _, _ in beds }
            fields.field("plants", type: .nonNull(.list(.nonNull(plant))), "Plants of beds in a season.", arguments: PlantsArguments.self) { _, arguments, _ in
                beds.filter { $0.season == arguments.season }.flatMap(\.plants).prefix(arguments.first).map { PlantNumber(index: $0) }
            }
            fields.field("plant", type: plant, "One plant, or null.", arguments: PlantArguments.self) { _, arguments, context in
                context.plants.indices.contains(arguments.number) ? PlantNumber(index: arguments.number) : nil
            }
            fields.field("missingPlant", type: .nonNull(plant), "A plant whose row cannot be read.") { _, _ in PlantNumber(index: 99) }
            fields.field("lostPlant", type: .nonNull(plant), "A plant the lookup does not find.") { _, _ in
                try PlantNumber?.none.orNoValue()
            }
            fields.field("depth", type: .nonNull(.string(writtenBy: Depth.self)), "A depth, written as text.") { _, _ in Depth(millimetres: 25) }
            fields.field("depths", type: .nonNull(.list(.string(writtenBy: Depth.self))), "Depths, one of them unknown.") { _, _ in
                [Depth(millimetres: 5), nil]
            }
        }
        builder.object(mutation, "Writes.") { fields in
            fields.field("sow", type: .nonNull(bed), "Sows a seed in a new bed.", arguments: SowArguments.self) { _, arguments, context in
                context.planted.append(arguments.name)
                return Bed(name: "\(arguments.name)@\(arguments.depth)", season: .spring, plants: [])
            }
        }
        builder.object(bed, "A bed.") { fields in
            fields.field("name", type: .nonNull(.string), "Its name.") { bed, _ in bed.name }
            fields.field("season", type: .nonNull(season), "When it blooms.") { bed, _ in bed.season }
            fields.field("plants", type: .nonNull(.list(.nonNull(plant))), "What grows in it.") { bed, _ in bed.plants.map { PlantNumber(index: $0) } }
            fields.field("label", type: .nonNull(.string), "Its name after a prefix.", arguments: LabelArguments.self) { bed, arguments, _ in
                "\(arguments.prefix) \(bed.name)"
            }
            fields.field("neighbours", type: .list(.nonNull(bed)), "The other beds; null for a bed sown in spring.") { bed, _ in
                bed.season == .spring ? nil : beds.filter { $0.name != bed.name }
            }
        }
        builder.object(plant, "A plant.", row: { number, context in
            guard context.plants.indices.contains(number.index) else { throw FieldError("No plant \(number.index).") }
            return context.plants[number.index]
        }) { fields in
            fields.field("name", type: .nonNull(.string), "Its name.") { plant, _ in plant.row.name }
            fields.field("height", type: .nonNull(.int), "In centimetres.") { plant, _ in plant.row.height }
            fields.field("number", type: .nonNull(.int), "Its number.") { plant, _ in plant.parent.index }
            fields.field("tall", type: .nonNull(.boolean), "Over a metre.") { plant, _ in plant.row.height > 100 }
        }
        builder.enumeration(season, "A season.", cases: seasons) { "The \($0.rawValue.lowercased()) months." }
        builder.input(sowInput, "A seed to sow.", [SowArguments.name.declaration, SowArguments.depth.declaration])
        return try builder.build(query: query, mutation: mutation)
    }

    static func run(_ query: String, context: AnyObject? = nil) throws -> String {
        let schema = try build()
        let garden = Context(plants: [Plant("fern", 40), Plant("sunflower", 180), Plant("tulip", 30)])
        return GraphQLEngine.run(GraphQLRequest(query: query), schema: schema, context: context ?? garden).serialized(pretty: false)
    }
}

struct TypedSchemaTests {
    @Test func resolversReadTypedParentsRowsAndEnums() throws {
        let response = try Garden.run("{ beds { name season plants { name height number tall } } }")
        #expect(response == #"{"data":{"beds":[{"name":"north","season":"SUMMER","plants":[{"name":"fern","height":40,"number":0,"tall":false},{"name":"sunflower","height":180,"number":1,"tall":true}]},{"name":"south","season":"SPRING","plants":[{"name":"tulip","height":30,"number":2,"tall":false}]}]}}"#)
    }

    @Test func anOptionalListIsAListOrNull() throws {
        let response = try Garden.run("{ beds { name neighbours { name } } }")
        #expect(response == #"{"data":{"beds":[{"name":"north","neighbours":[{"name":"south"}]},{"name":"south","neighbours":null}]}}"#)
    }

    struct DefaultCase: CustomTestStringConvertible, Sendable {
        let name: String
        let query: String
        let response: String
        var testDescription: String { name }
    }

    static let defaults: [DefaultCase] = [
        .init(name: "absent arguments read as their defaults", query: "{ plants { name } }",
              response: #"{"data":{"plants":[{"name":"fern"},{"name":"sunflower"}]}}"#),
        .init(name: "null arguments read as their defaults", query: "{ plants(first: null, season: null) { name } }",
              response: #"{"data":{"plants":[{"name":"fern"},{"name":"sunflower"}]}}"#),
        .init(name: "given arguments win", query: "{ plants(first: 1, season: SPRING) { name } }",
              response: #"{"data":{"plants":[{"name":"tulip"}]}}"#),
        .init(name: "a leaf's absent argument reads as its default", query: "{ beds { label } }",
              response: #"{"data":{"beds":[{"label":"bed north"},{"label":"bed south"}]}}"#),
        .init(name: "a leaf's given argument wins", query: #"{ beds { label(prefix: "plot") } }"#,
              response: #"{"data":{"beds":[{"label":"plot north"},{"label":"plot south"}]}}"#),
        .init(name: "an input field given null reads as its default", query: #"mutation { sow(input: {name: "pea", depth: null}) { name } }"#,
              response: #"{"data":{"sow":{"name":"pea@10"}}}"#),
        .init(name: "an input field given a value keeps it", query: #"mutation { sow(input: {name: "pea", depth: 3}) { name } }"#,
              response: #"{"data":{"sow":{"name":"pea@3"}}}"#),
    ]

    @Test(arguments: defaults) func declaredDefaultsAreTheOnlyDefaults(_ testCase: DefaultCase) throws {
        #expect(try Garden.run(testCase.query) == testCase.response)
    }

    @Test func aFailedRowIsReportedAtTheFieldThatNeededIt() throws {
        let response = try Garden.run("{ plant(number: 2) { name } missingPlant { name number } }")
        #expect(response == #"{"data":null,"errors":[{"message":"No plant 99.","locations":[{"line":1,"column":44}],"path":["missingPlant","name"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
    }

    @Test func aLookupThatFindsNothingIsReportedAsANullInANonNullField() throws {
        let response = try Garden.run("{ plant(number: 0) { name } lostPlant { name } }")
        #expect(response == #"{"data":null,"errors":[{"message":"Cannot return null for non-nullable field Query.lostPlant.","locations":[{"line":1,"column":29}],"path":["lostPlant"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
    }

    @Test func writtenTextIsTheSameAsALeafAndInAList() throws {
        #expect(try Garden.run("{ depth depths }") == #"{"data":{"depth":"25 mm","depths":["5 mm",null]}}"#)
    }

    @Test func aKeyItsFieldDoesNotDeclareIsAnErrorNotATrap() throws {
        let stray = ArgumentKey<Int>("stray", .nonNull(.int), "Not declared anywhere.")
        var builder = TypedSchemaBuilder<Garden.Context>()
        builder.object(Garden.query, "Reads.") { fields in
            fields.field("stray", type: .int, "Reads a key it does not declare.", arguments: ArgumentList([]) { values in try values[stray] }) {
                _, number, _ in number
            }
        }
        let schema = try builder.build(query: Garden.query)
        let response = GraphQLEngine.run(GraphQLRequest(query: "{ stray }"), schema: schema, context: Garden.Context(plants: []))
        #expect(response.serialized(pretty: false) == #"{"data":{"stray":null},"errors":[{"message":"Argument \"stray\" has no value of the expected type.","locations":[{"line":1,"column":3}],"path":["stray"],"extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
    }

    @Test func aContextOfAnotherClassIsRefusedBeforeAnyResolverRuns() throws {
        final class Stranger {}
        let response = try Garden.run("{ beds { name } }", context: Stranger())
        #expect(response == #"{"errors":[{"message":"The request's context is not the class the schema's resolvers were built for.","extensions":{"code":"INTERNAL_SERVER_ERROR"}}]}"#)
    }

    @Test func enumValuesAreTheSwiftCasesInOrderOrTheOnesGiven() throws {
        let all = try Garden.build().type(named: "Season")?.enumValues.map(\.name)
        #expect(all == ["SPRING", "SUMMER", "AUTUMN", "WINTER"])
        let some = try Garden.build(seasons: [.summer, .winter]).type(named: "Season")?.enumValues.map(\.name)
        #expect(some == ["SUMMER", "WINTER"])
        #expect(try Garden.build().type(named: "Season")?.enumValues.first?.description == "The spring months.")
    }

    struct BuildCase: CustomTestStringConvertible, Sendable {
        let name: String
        let declare: @Sendable (inout TypedSchemaBuilder<Garden.Context>) -> Void
        let problem: String
        var testDescription: String { name }
    }

    static let builds: [BuildCase] = [
        .init(name: "a field returns a type declared with another parent", declare: { builder in
            builder.object(Garden.query, "Reads.") { fields in
                fields.field("bed", type: .nonNull(ObjectType<BoxedParent<Garden.Context, Int>>("Bed")), "Wrong.") { _, _ in 1 }
            }
            builder.object(Garden.bed, "A bed.") { fields in fields.field("name", type: .nonNull(.string), "Its name.") { bed, _ in bed.name } }
        }, problem: "Query.bed returns Bed as BoxedParent<Context, Int>, but it is declared as BoxedParent<Context, Bed>"),
        .init(name: "a field returns a type never declared", declare: { builder in
            builder.object(Garden.query, "Reads.") { fields in
                fields.field("ghost", type: .nonNull(ObjectType<BoxedParent<Garden.Context, Int>>("Ghost")), "Nothing.") { _, _ in 1 }
            }
        }, problem: "Query.ghost: type Ghost is never declared"),
        .init(name: "a row type declared without its reader", declare: { builder in
            builder.object(Garden.query, "Reads.") { fields in
                fields.field("plant", type: .nonNull(Garden.plant), "A plant.") { _, _ in Garden.PlantNumber(index: 0) }
            }
            builder.object(Garden.plant, "A plant.") { fields in fields.field("name", type: .nonNull(.string), "Its name.") { plant, _ in plant.row.name } }
        }, problem: "type Plant: a RowParent type needs a row reader, and only it may have one"),
    ]

    @Test(arguments: builds) func theBuildReportsDeclarationsThatDisagree(_ testCase: BuildCase) {
        var builder = TypedSchemaBuilder<Garden.Context>()
        testCase.declare(&builder)
        #expect(throws: SchemaError.self) { try builder.build(query: Garden.query) }
        do {
            _ = try builder.build(query: Garden.query)
        } catch {
            #expect(error.message == testCase.problem)
        }
    }
}
