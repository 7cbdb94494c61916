import Foundation
import Testing
@testable import CheckoutSimGraphQL

/// One passing and one failing document per validation rule, with graphql-js's message and location.
struct ValidationTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let rule: String
        let query: String
        /// "line:column message" per error; empty for a valid document.
        let errors: [String]
        var testDescription: String { rule + (errors.isEmpty ? " (valid)" : " (invalid)") }
    }

    static let cases: [Case] = [
        .init(rule: "UniqueOperationNames", query: "query A { __typename } query B { __typename }", errors: []),
        .init(rule: "UniqueOperationNames", query: "query A { __typename } query A { __typename }",
              errors: ["1:7 1:30 There can be only one operation named \"A\"."]),
        .init(rule: "LoneAnonymousOperation", query: "{ __typename }", errors: []),
        .init(rule: "LoneAnonymousOperation", query: "{ __typename } query A { __typename }",
              errors: ["1:1 This anonymous operation must be the only defined operation."]),
        .init(rule: "KnownTypeNames", query: "query ($g: Genre) { books(genre: $g) { id } }", errors: []),
        .init(rule: "KnownTypeNames", query: "query ($g: Genra) { books { id } }",
              errors: ["1:12 Unknown type \"Genra\". Did you mean \"Genre\"?", "1:8 Variable \"$g\" is never used."]),
        .init(rule: "FragmentsOnCompositeTypes", query: "{ book(id: 1) { ... on Book { id } } }", errors: []),
        .init(rule: "FragmentsOnCompositeTypes", query: "{ book(id: 1) { ...F } } fragment F on Genre { id }",
              errors: ["1:40 Fragment \"F\" cannot condition on non composite type \"Genre\"."]),
        .init(rule: "VariablesAreInputTypes", query: "query ($s: SearchInput) { echo(input: $s) }", errors: []),
        .init(rule: "VariablesAreInputTypes", query: "query ($b: Book) { __typename }",
              errors: ["1:12 Variable \"$b\" cannot be non-input type \"Book\".", "1:8 Variable \"$b\" is never used."]),
        .init(rule: "ScalarLeafs", query: "{ book(id: 1) { title } }", errors: []),
        .init(rule: "ScalarLeafs", query: "{ book(id: 1) }",
              errors: ["1:3 Field \"book\" of type \"Book\" must have a selection of subfields. Did you mean \"book { ... }\"?"]),
        .init(rule: "ScalarLeafs", query: "{ book(id: 1) { title { x } } }",
              errors: ["1:23 Field \"title\" must not have a selection since type \"String!\" has no subfields."]),
        .init(rule: "FieldsOnCorrectType", query: "{ book(id: 1) { __typename pages } }", errors: []),
        .init(rule: "FieldsOnCorrectType", query: "{ book(id: 1) { page } }",
              errors: ["1:17 Cannot query field \"page\" on type \"Book\". Did you mean \"pages\"?"]),
        .init(rule: "UniqueFragmentNames", query: "{ ...A ...B } fragment A on Query { __typename } fragment B on Query { __typename }", errors: []),
        .init(rule: "UniqueFragmentNames", query: "{ ...A } fragment A on Query { __typename } fragment A on Query { __typename }",
              errors: ["1:19 1:54 There can be only one fragment named \"A\"."]),
        .init(rule: "KnownFragmentNames", query: "{ ...A } fragment A on Query { __typename }", errors: []),
        .init(rule: "KnownFragmentNames", query: "{ ...Missing }", errors: ["1:6 Unknown fragment \"Missing\"."]),
        .init(rule: "NoUnusedFragments", query: "{ ...A } fragment A on Query { __typename }", errors: []),
        .init(rule: "NoUnusedFragments", query: "{ __typename } fragment A on Query { __typename }",
              errors: ["1:16 Fragment \"A\" is never used."]),
        .init(rule: "PossibleFragmentSpreads", query: "{ book(id: 1) { ...B } } fragment B on Book { id }", errors: []),
        .init(rule: "PossibleFragmentSpreads", query: "{ book(id: 1) { ...Q } } fragment Q on Query { __typename }",
              errors: ["1:17 Fragment \"Q\" cannot be spread here as objects of type \"Book\" can never be of type \"Query\"."]),
        .init(rule: "PossibleFragmentSpreads", query: "{ book(id: 1) { ... on Query { __typename } } }",
              errors: ["1:17 Fragment cannot be spread here as objects of type \"Book\" can never be of type \"Query\"."]),
        .init(rule: "NoFragmentCycles", query: "{ ...A } fragment A on Query { ...B } fragment B on Query { __typename }", errors: []),
        .init(rule: "NoFragmentCycles", query: "{ ...A } fragment A on Query { ...B } fragment B on Query { ...A }",
              errors: ["1:32 1:61 Cannot spread fragment \"A\" within itself via \"B\"."]),
        .init(rule: "NoFragmentCycles", query: "{ ...A } fragment A on Query { ...A }",
              errors: ["1:32 Cannot spread fragment \"A\" within itself."]),
        .init(rule: "UniqueVariableNames", query: "query ($a: Int, $b: Int) { books(first: $a) { id } echo(number: $b) }", errors: []),
        .init(rule: "UniqueVariableNames", query: "query ($a: Int, $a: Int) { books(first: $a) { id } }",
              errors: ["1:9 1:18 There can be only one variable named \"$a\"."]),
        .init(rule: "NoUndefinedVariables", query: "query ($a: Int) { books(first: $a) { id } }", errors: []),
        .init(rule: "NoUndefinedVariables", query: "query Q { books(first: $a) { id } }",
              errors: ["1:24 1:1 Variable \"$a\" is not defined by operation \"Q\"."]),
        // Usages in a fragment count for each operation that reaches it (the walk looks for them
        // only when some fragment has one).
        .init(rule: "NoUndefinedVariables", query: "query Q { ...F } fragment F on Query { books(first: $a) { id } }",
              errors: ["1:53 1:1 Variable \"$a\" is not defined by operation \"Q\"."]),
        .init(rule: "NoUndefinedVariables", query: "query A($a: Int) { ...F } query B { ...F } fragment F on Query { books(first: $a) { id } }",
              errors: ["1:79 1:27 Variable \"$a\" is not defined by operation \"B\"."]),
        .init(rule: "NoUnusedVariables", query: "query Q($a: Int) { ...F } fragment F on Query { books(first: $a) { id } }", errors: []),
        .init(rule: "NoUnusedVariables", query: "query ($a: Int) { books(first: $a) { id } }", errors: []),
        .init(rule: "NoUnusedVariables", query: "query Q($a: Int) { __typename }",
              errors: ["1:9 Variable \"$a\" is never used in operation \"Q\"."]),
        .init(rule: "KnownDirectives", query: "{ __typename @skip(if: true) }", errors: []),
        .init(rule: "KnownDirectives", query: "{ __typename @cached }", errors: ["1:14 Unknown directive \"@cached\"."]),
        .init(rule: "KnownDirectives", query: "query @skip(if: true) { __typename }",
              errors: ["1:7 Directive \"@skip\" may not be used on QUERY."]),
        .init(rule: "UniqueDirectivesPerLocation", query: "{ __typename @skip(if: false) @include(if: true) }", errors: []),
        .init(rule: "UniqueDirectivesPerLocation", query: "{ __typename @skip(if: true) @skip(if: false) }",
              errors: ["1:14 1:30 The directive \"@skip\" can only be used once at this location."]),
        .init(rule: "KnownArgumentNames", query: "{ books(first: 1) { id } }", errors: []),
        .init(rule: "KnownArgumentNames", query: "{ books(frist: 1) { id } }",
              errors: ["1:9 Unknown argument \"frist\" on field \"Query.books\". Did you mean \"first\"?"]),
        .init(rule: "KnownArgumentNames", query: "{ __typename @skip(iff: true) }",
              errors: ["1:20 Unknown argument \"iff\" on directive \"@skip\". Did you mean \"if\"?",
                       "1:14 Directive \"@skip\" argument \"if\" of type \"Boolean!\" is required, but it was not provided."]),
        .init(rule: "UniqueArgumentNames", query: "{ books(first: 1, genre: SCIFI) { id } }", errors: []),
        .init(rule: "UniqueArgumentNames", query: "{ books(first: 1, first: 2) { id } }",
              errors: ["1:9 1:19 There can be only one argument named \"first\"."]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(number: 1, ratio: 2, id: 3, flag: true, genre: SCIFI, list: 4, text: \"t\") }", errors: []),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(number: \"1\") }",
              errors: ["1:16 Int cannot represent non-integer value: \"1\""]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(number: 3000000000) }",
              errors: ["1:16 Int cannot represent non 32-bit signed integer value: 3000000000"]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(ratio: true) }",
              errors: ["1:15 Float cannot represent non numeric value: true"]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(text: 1) }",
              errors: ["1:14 String cannot represent a non string value: 1"]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(flag: \"yes\") }",
              errors: ["1:14 Boolean cannot represent a non boolean value: \"yes\""]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(id: 1.5) }",
              errors: ["1:12 ID cannot represent a non-string and non-integer value: 1.5"]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(genre: SCIFY) }",
              errors: ["1:15 Value \"SCIFY\" does not exist in \"Genre\" enum. Did you mean the enum value \"SCIFI\"?"]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(genre: \"SCIFI\") }",
              errors: ["1:15 Enum \"Genre\" cannot represent non-enum value: \"SCIFI\". Did you mean the enum value \"SCIFI\"?"]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(list: [1, null]) }",
              errors: ["1:18 Expected value of type \"Int!\", found null."]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(input: {term: \"a\", limt: 2}) }",
              errors: ["1:27 Field \"limt\" is not defined by type \"SearchInput\". Did you mean \"limit\"?"]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(input: {limit: 2}) }",
              errors: ["1:15 Field \"SearchInput.term\" of required type \"String!\" was not provided."]),
        .init(rule: "ValuesOfCorrectType", query: "{ echo(input: 5) }",
              errors: ["1:15 Expected value of type \"SearchInput\", found 5."]),
        .init(rule: "ProvidedRequiredArguments", query: "{ book(id: \"1\") { id } }", errors: []),
        .init(rule: "ProvidedRequiredArguments", query: "{ book { id } }",
              errors: ["1:3 Field \"book\" argument \"id\" of type \"ID!\" is required, but it was not provided."]),
        .init(rule: "VariablesInAllowedPosition", query: "query ($id: ID!) { book(id: $id) { id } }", errors: []),
        .init(rule: "VariablesInAllowedPosition", query: "query ($id: ID) { book(id: $id) { id } }",
              errors: ["1:8 1:28 Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\"."]),
        .init(rule: "VariablesInAllowedPosition", query: "query ($n: String) { books(first: $n) { id } }",
              errors: ["1:8 1:35 Variable \"$n\" of type \"String\" used in position expecting type \"Int\"."]),
        .init(rule: "VariablesInAllowedPosition", query: "query ($id: ID = \"1\") { book(id: $id) { id } }", errors: []),
        // A default of null is no default: the position still may get null (graphql-js says the same).
        .init(rule: "VariablesInAllowedPosition", query: "query ($id: ID = null) { book(id: $id) { id } }",
              errors: ["1:8 1:35 Variable \"$id\" of type \"ID\" used in position expecting type \"ID!\"."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { title title } a: books { id } a: books { id } }", errors: []),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { x: title x: id } }",
              errors: ["1:17 1:26 Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ books(first: 1) { id } books(first: 2) { id } }",
              errors: ["1:3 1:26 Fields \"books\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { title } book(id: 1) { title: id } }",
              errors: ["1:3 1:17 1:25 1:39 Fields \"book\" conflict because subfields \"title\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "fragment A on Book { related { ...A } related { ...A } } { book(id: 1) { ...A } }", 
              errors: ["1:49 Cannot spread fragment \"A\" within itself.", "1:32 Cannot spread fragment \"A\" within itself."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...F ...G } } fragment F on Book { x: title } fragment G on Book { x: id }", 
              errors: ["1:52 1:84 Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { x: title ...G } } fragment G on Book { x: id }", 
              errors: ["1:17 1:56 Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...G x: title } } fragment G on Book { x: id }", 
              errors: ["1:22 1:56 Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { related { x: title } ...G } } fragment G on Book { related { x: id } }", 
              errors: ["1:17 1:27 1:68 1:78 Fields \"related\" conflict because subfields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { related(first: 1) { id } ...G } } fragment G on Book { related(first: 2) { id } }", 
              errors: ["1:17 1:72 Fields \"related\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { related { related { x: id } } } book(id: 1) { related { related { x: title } } } }", 
              errors: ["1:3 1:17 1:27 1:37 1:49 1:63 1:73 1:83 Fields \"book\" conflict because subfields \"related\" conflict because subfields \"related\" conflict because subfields \"x\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...F } } fragment F on Book { x: id x: title }", 
              errors: ["1:47 1:53 Fields \"x\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...F ...F ...G } } fragment F on Book { id ...G } fragment G on Book { id title }", errors: []),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { related { id } related { x: id y: title } related { x: title } } }", 
              errors: ["1:32 1:42 1:59 1:69 Fields \"related\" conflict because subfields \"x\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ a: book(id: 1) { id } ... on Query { a: book(id: 2) { id } } }", 
              errors: ["1:3 1:40 Fields \"a\" conflict because they have differing arguments. Use different aliases on the fields to fetch both if this was intentional."]),
        // Operations without spreads or inline fragments whose keys repeat only deep down, or only
        // past the small-set scan, still take the general path.
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { related { x: id x: title } } }",
              errors: ["1:27 1:33 Fields \"x\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        wideSetWithOneRepeat,
        manyOperationsWithOneRepeat,
        // The keys a set gathers through spreads, nested spreads and inline fragments decide whether
        // an operation is folded at all; a repeat met only that way is still found.
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ... { x: id } x: title } }",
              errors: ["1:23 1:31 Fields \"x\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...F x: title } } fragment F on Book { ...G } fragment G on Book { x: id }",
              errors: ["1:22 1:84 Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...F ... on Book { x: title } } } fragment F on Book { x: id }",
              errors: ["1:36 1:72 Fields \"x\" conflict because \"title\" and \"id\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...F ...G } } fragment F on Book { related { x: id } } fragment G on Book { related { x: title } }",
              errors: ["1:52 1:62 1:93 1:103 Fields \"related\" conflict because subfields \"x\" conflict because \"id\" and \"title\" are different fields. Use different aliases on the fields to fetch both if this was intentional."]),
        .init(rule: "OverlappingFieldsCanBeMerged", query: "{ book(id: 1) { ...F ...F title related { x: id } } } fragment F on Book { id related { y: title } }",
              errors: []),
        .init(rule: "UniqueInputFieldNames", query: "{ echo(input: {term: \"a\", limit: 1}) }", errors: []),
        .init(rule: "UniqueInputFieldNames", query: "{ echo(input: {term: \"a\", term: \"b\"}) }",
              errors: ["1:16 1:27 There can be only one input field named \"term\"."]),
    ]

    /// Forty aliased `__typename`s, then `a0` again on another field: the conflict is found in a set
    /// too wide for the scan that lets most operations skip the overlap rule's shapes.
    static var wideSetWithOneRepeat: Case {
        let fields = (0..<40).map { "a\($0): __typename" }.joined(separator: " ")
        let query = "{ \(fields) a0: books { id } }"
        let column = query.utf8.count - "a0: books { id } }".utf8.count + 1
        return .init(rule: "OverlappingFieldsCanBeMerged", query: query, errors: [
            "1:3 1:\(column) Fields \"a0\" conflict because \"__typename\" and \"books\" are different fields. Use different aliases on the fields to fetch both if this was intentional."
        ])
    }

    /// Twenty operations, then `Q3` again: the repeat is found past the size where the name sets
    /// switch from a scan to a dictionary.
    static var manyOperationsWithOneRepeat: Case {
        let operations = (0..<20).map { "query Q\($0) { __typename } " }.joined()
        let query = operations + "query Q3 { __typename }"
        let first = "query Q0 { __typename } query Q1 { __typename } query Q2 { __typename } query ".utf8.count + 1
        let second = operations.utf8.count + "query ".utf8.count + 1
        return .init(rule: "UniqueOperationNames", query: query, errors: [
            "1:\(first) 1:\(second) There can be only one operation named \"Q3\"."
        ])
    }

    @Test(arguments: cases)
    func validates(_ testCase: Case) throws {
        let document = try Parser.parse(testCase.query)
        let errors = Validator.validate(document, schema: TestSchema.schema)
        let rendered = errors.map { error in
            error.locations.map { "\($0.line):\($0.column)" }.joined(separator: " ") + " " + error.message
        }
        #expect(rendered == testCase.errors)
        #expect(errors.allSatisfy { $0.code == .validationFailed })
    }

    /// A node's repeated names are found the same way whether it gives a handful (scanned) or more
    /// than `SmallMap.scanLimit` (kept in a map): each repeat names the first one's place.
    @Test(arguments: [3, SmallMap<SeenName>.scanLimit + 8])
    func repeatsAreFoundHoweverManyNamesANodeGives(_ count: Int) throws {
        func columns(of piece: String, in query: String) -> [Int] {
            var found: [Int] = []
            var rest = query[...]
            while let range = rest.range(of: piece) {
                found.append(query.distance(from: query.startIndex, to: range.lowerBound) + 1)
                rest = query[range.upperBound...]
            }
            return found
        }
        let shapes: [(query: String, piece: String, message: String)] = [
            ("{ books(" + Array(repeating: "first: 1", count: count).joined(separator: ", ") + ") { id } }", "first",
             "There can be only one argument named \"first\"."),
            ("{ __typename " + Array(repeating: "@skip(if: false)", count: count).joined(separator: " ") + " }", "@skip",
             "The directive \"@skip\" can only be used once at this location."),
            ("{ echo(input: {" + Array(repeating: "term: \"a\"", count: count).joined(separator: ", ") + "}) }", "term",
             "There can be only one input field named \"term\"."),
        ]
        for shape in shapes {
            let places = columns(of: shape.piece, in: shape.query)
            #expect(places.count == count)
            let errors = Validator.validate(try Parser.parse(shape.query), schema: TestSchema.schema)
            let rendered = errors.map { $0.locations.map { "\($0.line):\($0.column)" }.joined(separator: " ") + " " + $0.message }
            #expect(rendered == places.dropFirst().map { "1:\(places[0]) 1:\($0) \(shape.message)" }, "\(shape.query)")
        }
    }

    @Test func stopsAtTheErrorLimit() throws {
        let query = "{ " + (0..<150).map { "f\($0)" }.joined(separator: " ") + " }"
        let errors = Validator.validate(try Parser.parse(query), schema: TestSchema.schema)
        #expect(errors.count == 101)
        #expect(errors.last?.message == "Too many validation errors, error limit reached. Validation aborted.")
    }

    @Test func limitsFieldsAfterFragmentExpansion() throws {
        let aliases = (0..<4_000).map { "a\($0): __typename" }.joined(separator: " ")
        let query = "{ ...F ...G } fragment F on Query { \(aliases) } fragment G on Query { ...F }"
        var limits = ValidationLimits()
        limits.maxErrors = 100
        let errors = Validator.validate(try Parser.parse(query, limits: { var l = ParseLimits(); l.maxTokens = 100_000; return l }()), schema: TestSchema.schema, limits: limits)
        #expect(errors.map(\.message) == ["The operation selects more than 5000 fields after fragment expansion."])
    }

    @Test func rejectsSubscriptions() throws {
        let errors = Validator.validate(try Parser.parse("subscription { __typename }"), schema: TestSchema.schema)
        #expect(errors.map(\.message) == ["Schema is not configured to execute subscription operation."])
    }
}

struct RuleListTests {
    /// graphql-js 16's `specifiedRules`, in order, with graphql-js 17's `KnownOperationTypesRule`
    /// where graphql-js 17 lists it.
    static let graphQLJSOrder = [
        "ExecutableDefinitionsRule", "UniqueOperationNamesRule", "LoneAnonymousOperationRule", "KnownOperationTypesRule",
        "KnownTypeNamesRule", "FragmentsOnCompositeTypesRule", "VariablesAreInputTypesRule", "ScalarLeafsRule",
        "FieldsOnCorrectTypeRule", "UniqueFragmentNamesRule", "KnownFragmentNamesRule", "NoUnusedFragmentsRule",
        "PossibleFragmentSpreadsRule", "NoFragmentCyclesRule", "UniqueVariableNamesRule", "NoUndefinedVariablesRule",
        // graphql-js 17 checks `@defer` where it may stand and its labels right after the directives' own rules.
        "NoUnusedVariablesRule", "KnownDirectivesRule", "UniqueDirectivesPerLocationRule",
        "DeferStreamDirectiveOnRootFieldRule", "DeferStreamDirectiveLabelRule", "KnownArgumentNamesRule",
        "UniqueArgumentNamesRule", "ValuesOfCorrectTypeRule", "ProvidedRequiredArgumentsRule", "VariablesInAllowedPositionRule",
        "OverlappingFieldsCanBeMergedRule", "UniqueInputFieldNamesRule",
    ]

    @Test func theRulesRunInGraphQLJSOrderEachFromItsOwnFile() throws {
        #expect(ValidationRule.specified.map(\.name) == Self.graphQLJSOrder)
        let rules = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Sources/CheckoutSimGraphQL/Validation/Rules")
        let files = try FileManager.default.contentsOfDirectory(atPath: rules.path)
            .filter { $0.hasSuffix("Rule.swift") }.map { String($0.dropLast(".swift".count)) }
        #expect(Set(files) == Set(Self.graphQLJSOrder), "one file per rule, named after it")
        for name in Self.graphQLJSOrder {
            let text = try String(contentsOf: rules.appendingPathComponent(name + ".swift"), encoding: .utf8)
            #expect(text.contains("name: \"\(name)\""), "\(name).swift declares the rule")
        }
    }

    @Test func everyRuleChecksSomewhere() {
        let hooks = RuleHooks.specified
        let placed = [
            hooks.document, hooks.operationName, hooks.fragmentName, hooks.fragments, hooks.operation, hooks.variable,
            hooks.typeCondition, hooks.directive, hooks.field, hooks.argument, hooks.leaveArguments, hooks.fragmentSpread,
            hooks.inlineFragment, hooks.value, hooks.inputField, hooks.leaveInputObject, hooks.leaveOperation, hooks.leaveDocument,
        ].flatMap { $0.map(\.name) }
        #expect(Set(placed) == Set(Self.graphQLJSOrder))
    }
}
