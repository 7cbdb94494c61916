import Testing
@testable import CheckoutSimCommerce

struct MoneyTests {
    static let usd = Currency(code: "USD", fractionDigits: 2, symbol: "$")

    struct FormatCase: CustomTestStringConvertible, Sendable {
        let minor: Int64
        let amount: String
        let formatted: String
        var testDescription: String { formatted }
    }

    static let formats: [FormatCase] = [
        .init(minor: 0, amount: "0.00", formatted: "$0.00"),
        .init(minor: 5, amount: "0.05", formatted: "$0.05"),
        .init(minor: 129_900, amount: "1299.00", formatted: "$1,299.00"),
        .init(minor: 123_456_789, amount: "1234567.89", formatted: "$1,234,567.89"),
        .init(minor: -99_999, amount: "-999.99", formatted: "-$999.99"),
        .init(minor: 100_000, amount: "1000.00", formatted: "$1,000.00"),
    ]

    @Test(arguments: formats)
    func formatsAmounts(_ testCase: FormatCase) {
        #expect(Self.usd.amount(testCase.minor) == testCase.amount)
        #expect(Self.usd.formatted(testCase.minor) == testCase.formatted)
    }

    @Test func formatsOtherFractionDigits() {
        let yen = Currency(code: "JPY", fractionDigits: 0, symbol: "¥")
        #expect(yen.formatted(1_234_567) == "¥1,234,567")
        let dinar = Currency(code: "KWD", fractionDigits: 3, symbol: "KD")
        #expect(dinar.amount(1_005) == "1.005")
    }

    @Test(arguments: [
        ("12.50", Int64(1250)), ("12.5", 1250), ("12", 1200), ("0.01", 1), ("1299.00", 129_900), ("-3.10", -310),
    ])
    func parsesDecimals(_ text: String, _ minor: Int64) {
        #expect(Self.usd.minorUnits(fromDecimal: text) == minor)
    }

    @Test(arguments: ["", ".", "1.", ".5", "1.234", "1,00", "1e3", "+1", "abc", "99999999999999999999", " 1"])
    func rejectsMalformedDecimals(_ text: String) {
        #expect(Self.usd.minorUnits(fromDecimal: text) == nil)
    }

    @Test(arguments: [
        (Int64(5), Int64(2), Int64(2)), (7, 2, 4), (-5, 2, -2), (-7, 2, -4), (10, 4, 2), (14, 4, 4), (1, 3, 0), (2, 3, 1),
    ])
    func roundsHalfToEven(_ numerator: Int64, _ denominator: Int64, _ expected: Int64) {
        #expect(MoneyMath.divideRoundingHalfEven(numerator, by: denominator) == expected)
    }
}

struct InstantTests {
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)), ("2026-03-01T10:00:00Z", 1_772_359_200), ("2024-02-29T23:59:59Z", 1_709_251_199),
        ("2026-03-01T12:00:00+02:00", 1_772_359_200), ("2026-03-01T10:00:00.250Z", 1_772_359_200),
        ("9999-12-31T23:59:59Z", 253_402_300_799),
    ])
    func parses(_ text: String, _ seconds: Int64) {
        #expect(Instant(iso8601: text)?.seconds == seconds)
    }

    @Test(arguments: ["2026-02-30T00:00:00Z", "2026-13-01T00:00:00Z", "2026-03-01 10:00:00Z", "2026-03-01T10:00:00", "2026-03-01T24:00:00Z", "tomorrow",
                      "1969-12-31T23:59:59Z", "1970-01-01T00:00:00+00:01", "9999-12-31T23:59:59-00:01"])
    func rejects(_ text: String) {
        #expect(Instant(iso8601: text) == nil)
    }

    /// Every digit position of the written form, against known instants.
    @Test(arguments: [
        ("1970-01-01T00:00:00Z", Int64(0)), ("2000-02-29T00:00:00Z", 951_782_400), ("2001-09-09T01:46:40Z", 1_000_000_000),
        ("2024-02-29T23:59:59Z", 1_709_251_199), ("2100-01-01T00:00:00Z", 4_102_444_800), ("9999-12-31T23:59:59Z", 253_402_300_799),
    ])
    func formats(_ text: String, _ seconds: Int64) {
        #expect(Instant(seconds: seconds).iso8601 == text)
    }

    @Test func formatsAndRoundTrips() {
        for seconds: Int64 in [0, 951_782_400, 1_772_359_200, 4_102_444_800, 253_402_300_799] {
            let instant = Instant(seconds: seconds)
            #expect(Instant(iso8601: instant.iso8601) == instant)
        }
        #expect(Instant(seconds: 1_772_359_200).iso8601 == "2026-03-01T10:00:00Z")
    }

    /// Times past year 9999 printed as `292277026596-12-4T55807Z` before the clock was clamped.
    @Test func clockStaysWithinItsFourDigitYears() {
        #expect(Instant.latest.adding(seconds: 1) == Instant.latest)
        #expect(Instant(seconds: 0).adding(seconds: .max).iso8601 == "9999-12-31T23:59:59Z")
        #expect(Instant(seconds: 10).adding(seconds: -20) == Instant.earliest)
        #expect(AdvanceDuration.seconds(from: "106751991167300d") == nil)
        #expect(AdvanceDuration.seconds(from: "2932896d") == Int64(253_402_214_400))
        #expect(AdvanceDuration.seconds(from: "2932897d") == nil)
    }

    @Test(arguments: [("45s", Int64(45)), ("30m", 1800), ("2h", 7200), ("7d", 604_800)])
    func parsesDurations(_ text: String, _ seconds: Int64) {
        #expect(AdvanceDuration.seconds(from: text) == seconds)
    }

    @Test(arguments: ["", "2", "h", "-1h", "2w", "1.5h"])
    func rejectsDurations(_ text: String) {
        #expect(AdvanceDuration.seconds(from: text) == nil)
    }
}

struct ScratchDrawTests {
    struct Vector: Sendable {
        let key: String
        let fnv: UInt64
        let splitMix: UInt64
        let index: Int
    }

    /// The vectors of shared/vectors/scratch-draw.json (weights 3, 2, 2, 3).
    static let vectors: [Vector] = [
        .init(key: "1:default:card-1", fnv: 0x14794e268fa49957, splitMix: 0x8c5be90e51b5e800, index: 0),
        .init(key: "1:default:card-2", fnv: 0x14794f268fa49b0a, splitMix: 0x9ae51543dee9eb22, index: 0),
        .init(key: "42:default:card-1", fnv: 0x01bdb70c17f3345a, splitMix: 0x735293f1c0fc5210, index: 0),
        .init(key: "42:alice:card-1", fnv: 0x61b871c06508d815, splitMix: 0x476d864505c2daa6, index: 2),
        .init(key: "7:bob:card-3", fnv: 0x4974846021b7bf1d, splitMix: 0xc4fd06ad4ca200b4, index: 2),
        .init(key: "0::", fnv: 0x4e5cec181d4406af, splitMix: 0x1c881ded8706f8e2, index: 0),
        .init(key: "2026:ünïcode:card-1", fnv: 0xcc32e1223ab93f5d, splitMix: 0x70771525e9bbd7b1, index: 0),
    ]

    @Test(arguments: vectors.indices)
    func matchesVector(_ index: Int) throws {
        let vector = Self.vectors[index]
        #expect(ScratchDraw.fnv1a64(vector.key.utf8) == vector.fnv)
        #expect(ScratchDraw.splitMix64(vector.fnv) == vector.splitMix)
        let parts = vector.key.split(separator: ":", omittingEmptySubsequences: false).map(String.init)
        let seed = try #require(UInt64(parts[0]))
        #expect(ScratchDraw.rewardIndex(seed: seed, session: parts[1], card: parts[2], weights: [3, 2, 2, 3]) == vector.index)
    }
}
