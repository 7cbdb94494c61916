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

    struct PlantsArguments: FieldArguments {
        static var arguments: [ArgumentSpec] {
            [.init("first", "Int", "How many.", default: "2"), .init("season", "Season", "Only this season's beds.", default: "SUMMER")]
        }
        let first: Int
        let season: Season

        init(_ values: ArgumentValues) throws {
            first = try values.int("first")
            season = try values.enumeration("season", as: Season.self)
        }
    }

    struct PlantArguments: FieldArguments {
        static var arguments: [ArgumentSpec] { [.init("number", "Int!", "Which plant.")] }
        let number: Int

        init(_ values: ArgumentValues) throws { number = try values.int("number") }
    }

    struct SowArguments: FieldArguments {
        static var arguments: [ArgumentSpec] { [.init("input", "SowInput!", "What to sow.")] }
        let name: String
        let depth: Int

        init(_ values: ArgumentValues) throws {
            let input = try values.input("input")
            name = try input.string("name")
            depth = try input.int("depth")
        }
    }

    struct LabelArguments: FieldArguments {
        static var arguments: [ArgumentSpec] { [.init("prefix", "String", "What comes before the name.", default: "\"bed\"")] }
        let prefix: String

        init(_ values: ArgumentValues) throws { prefix = try values.string("prefix") }
    }

    static let beds = [Bed(name: "north", season: .summer, plants: [0, 1]), Bed(name: "south", season: .spring, plants: [2])]

    static func build(seasons: [Season]? = nil) throws(SchemaError) -> Schema {
        var builder = TypedSchemaBuilder<Context>()
        builder.object(query, "Reads.") { fields in
            fields.list("beds", bed, "Every bed.") { _, _ in beds }
            fields.list("plants", plant, "Plants of beds in a season.", arguments: PlantsArguments.self) { _, arguments, _ in
                beds.filter { $0.season == arguments.season }.flatMap(\.plants).prefix(arguments.first).map { PlantNumber(index: $0) }
            }
            fields.optionalObject("plant", plant, "One plant, or null.", arguments: PlantArguments.self) { _, arguments, context in
                context.plants.indices.contains(arguments.number) ? PlantNumber(index: arguments.number) : nil
            }
            fields.object("missingPlant", plant, "A plant whose row cannot be read.") { _, _ in PlantNumber(index: 99) }
        }
        builder.object(mutation, "Writes.") { fields in
            fields.object("sow", bed, "Sows a seed in a new bed.", arguments: SowArguments.self) { _, arguments, context in
                context.planted.append(arguments.name)
                return Bed(name: "\(arguments.name)@\(arguments.depth)", season: .spring, plants: [])
            }
        }
        builder.object(bed, "A bed.") { fields in
            fields.string("name", "String!", "Its name.") { bed, _ in bed.name }
            fields.enumeration("season", season, "When it blooms.") { bed, _ in bed.season }
            fields.list("plants", plant, "What grows in it.") { bed, _ in bed.plants.map { PlantNumber(index: $0) } }
            fields.string("label", "String!", "Its name after a prefix.", arguments: LabelArguments.self) { bed, arguments, _ in
                "\(arguments.prefix) \(bed.name)"
            }
            fields.optionalList("neighbours", bed, "The other beds; null for a bed sown in spring.") { bed, _ in
                bed.season == .spring ? nil : beds.filter { $0.name != bed.name }
            }
        }
        builder.object(plant, "A plant.", row: { number, context in
            guard context.plants.indices.contains(number.index) else { throw FieldError("No plant \(number.index).") }
            return context.plants[number.index]
        }) { fields in
            fields.string("name", "String!", "Its name.") { plant, _ in plant.row.name }
            fields.int("height", "Int!", "In centimetres.") { plant, _ in plant.row.height }
            fields.int("number", "Int!", "Its number.") { plant, _ in plant.parent.index }
            fields.bool("tall", "Boolean!", "Over a metre.") { plant, _ in plant.row.height > 100 }
        }
        builder.enumeration(season, "A season.", cases: seasons) { "The \($0.rawValue.lowercased()) months." }
        builder.input("SowInput", "A seed to sow.", [.init("name", "String!", "The seed."), .init("depth", "Int", "In millimetres.", default: "10")])
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
                fields.object("bed", ObjectType<BoxedParent<Garden.Context, Int>>("Bed"), "Wrong.") { _, _ in 1 }
            }
            builder.object(Garden.bed, "A bed.") { fields in fields.string("name", "String!", "Its name.") { bed, _ in bed.name } }
        }, problem: "Query.bed returns Bed as BoxedParent<Context, Int>, but it is declared as BoxedParent<Context, Bed>"),
        .init(name: "a field returns a type never declared", declare: { builder in
            builder.object(Garden.query, "Reads.") { fields in
                fields.object("ghost", ObjectType<BoxedParent<Garden.Context, Int>>("Ghost"), "Nothing.") { _, _ in 1 }
            }
        }, problem: "Query.ghost: type Ghost is never declared"),
        .init(name: "a row type declared without its reader", declare: { builder in
            builder.object(Garden.query, "Reads.") { fields in
                fields.object("plant", Garden.plant, "A plant.") { _, _ in Garden.PlantNumber(index: 0) }
            }
            builder.object(Garden.plant, "A plant.") { fields in fields.string("name", "String!", "Its name.") { plant, _ in plant.row.name } }
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
