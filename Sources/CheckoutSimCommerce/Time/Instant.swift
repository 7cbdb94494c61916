/// A point on the virtual clock: whole seconds since 1970-01-01T00:00:00Z.
///
/// The simulator never reads the wall clock; all time comes from fixtures, options and `advance`.
public struct Instant: Sendable, Hashable, Comparable {
    /// Seconds since 1970-01-01T00:00:00Z.
    public var seconds: Int64

    /// The instant `seconds` after the Unix epoch.
    public init(seconds: Int64) { self.seconds = seconds }

    /// Earlier first.
    public static func < (lhs: Instant, rhs: Instant) -> Bool { lhs.seconds < rhs.seconds }

    /// 1970-01-01T00:00:00Z, the earliest time the clock shows.
    public static let earliest = Instant(seconds: 0)
    /// 9999-12-31T23:59:59Z, the latest time the clock shows: every time prints with a four-digit year.
    public static let latest = Instant(seconds: 253_402_300_799)
    /// The clock's range, as messages name it.
    package static let rangeDescription = "between 1970-01-01T00:00:00Z and 9999-12-31T23:59:59Z"

    /// This instant moved by `delta` seconds, stopping at `earliest` and `latest`.
    public func adding(seconds delta: Int64) -> Instant {
        let (sum, overflow) = seconds.addingReportingOverflow(delta)
        let moved = overflow ? (delta > 0 ? Self.latest.seconds : Self.earliest.seconds) : sum
        return Instant(seconds: min(max(moved, Self.earliest.seconds), Self.latest.seconds))
    }

    /// Parses `YYYY-MM-DDTHH:MM:SS` with optional `.fraction` (dropped) and `Z` or `±HH:MM`;
    /// nil for anything else and for times outside `earliest…latest`.
    public init?(iso8601 text: String) {
        var text = text
        guard let seconds = text.withUTF8({ Self.seconds(iso8601: $0) }),
              (Self.earliest.seconds...Self.latest.seconds).contains(seconds)
        else { return nil }
        self.init(seconds: seconds)
    }

    /// Seconds since the epoch of an ISO-8601 UTC time, or nil when `bytes` is not one.
    private static func seconds(iso8601 bytes: UnsafeBufferPointer<UInt8>) -> Int64? {
        func number(_ range: Range<Int>) -> Int64? {
            guard range.upperBound <= bytes.count else { return nil }
            var value: Int64 = 0
            for index in range {
                let byte = bytes[index]
                guard byte >= 48, byte <= 57 else { return nil }
                value = value * 10 + Int64(byte - 48)
            }
            return value
        }
        func byte(_ index: Int) -> UInt8? { index < bytes.count ? bytes[index] : nil }
        guard let year = number(0..<4), byte(4) == UInt8(ascii: "-"), let month = number(5..<7), byte(7) == UInt8(ascii: "-"),
              let day = number(8..<10), byte(10) == UInt8(ascii: "T"), let hour = number(11..<13), byte(13) == UInt8(ascii: ":"),
              let minute = number(14..<16), byte(16) == UInt8(ascii: ":"), let second = number(17..<19)
        else { return nil }
        guard (1...12).contains(month), day >= 1, day <= Instant.daysIn(month: month, year: year), hour < 24, minute < 60,
              second < 60
        else { return nil }
        var index = 19
        if byte(index) == UInt8(ascii: ".") {
            index += 1
            let start = index
            while let next = byte(index), next >= 48, next <= 57 { index += 1 }
            if index == start { return nil }
        }
        var offset: Int64 = 0
        if byte(index) == UInt8(ascii: "Z") {
            index += 1
        } else if let sign = byte(index), sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") {
            guard let hours = number(index + 1..<index + 3), byte(index + 3) == UInt8(ascii: ":"),
                  let minutes = number(index + 4..<index + 6), hours < 24, minutes < 60
            else { return nil }
            offset = (hours * 3600 + minutes * 60) * (sign == UInt8(ascii: "+") ? 1 : -1)
            index += 6
        } else {
            return nil
        }
        guard index == bytes.count else { return nil }
        let days = Instant.daysFromCivil(year: year, month: month, day: day)
        return days * 86_400 + hour * 3600 + minute * 60 + second - offset
    }

    /// `2026-03-01T10:00:00Z`, written on the stack, then made into the string once.
    public var iso8601: String {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let secondOfDay = seconds - days * 86_400
        let (year, month, day) = Instant.civilFromDays(days)
        guard (0...9999).contains(year) else { return "\(year)-\(month)-\(day)T\(secondOfDay)Z" }
        return withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { buffer in
            // Two digits at a time, each a division by a constant: a digit loop over a `stride`
            // cost a listing of twenty dates measurably more (Benchmarks/NOTES.md).
            func put(_ value: Int64, at offset: Int) {
                buffer[offset] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value / 10)
                buffer[offset + 1] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: value % 10)
            }
            put(year / 100, at: 0)
            put(year % 100, at: 2)
            buffer[4] = UInt8(ascii: "-")
            put(month, at: 5)
            buffer[7] = UInt8(ascii: "-")
            put(day, at: 8)
            buffer[10] = UInt8(ascii: "T")
            put(secondOfDay / 3600, at: 11)
            buffer[13] = UInt8(ascii: ":")
            put(secondOfDay / 60 % 60, at: 14)
            buffer[16] = UInt8(ascii: ":")
            put(secondOfDay % 60, at: 17)
            buffer[19] = UInt8(ascii: "Z")
            return String(decoding: UnsafeBufferPointer(buffer), as: UTF8.self)
        }
    }

    /// The calendar year and month (1–12) of this instant, in UTC.
    package var yearMonth: (year: Int64, month: Int64) {
        let days = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let (year, month, _) = Instant.civilFromDays(days)
        return (year, month)
    }

    static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Days since 1970-01-01 of a proleptic Gregorian date (Howard Hinnant's algorithm).
    static func daysFromCivil(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yearOfEra = y - era * 400
        let dayOfYear = (153 * (month > 2 ? month - 3 : month + 9) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    static func civilFromDays(_ days: Int64) -> (Int64, Int64, Int64) {
        let z = days + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let dayOfEra = z - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let mp = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

/// A duration such as `2h`, `30m`, `7d` or `45s`, as scenarios and `advance` write it.
package enum AdvanceDuration {
    /// The seconds in `text` (`2h` is 7200); nil when it is not a duration or is longer than the
    /// clock's whole range (`Instant.latest` seconds).
    package static func seconds(from text: String) -> Int64? {
        guard text.utf8.count <= 24, let unit = text.last, let value = Int64(text.dropLast()), value >= 0 else { return nil }
        let scale: Int64
        switch unit {
        case "s": scale = 1
        case "m": scale = 60
        case "h": scale = 3600
        case "d": scale = 86_400
        default: return nil
        }
        let (seconds, overflow) = value.multipliedReportingOverflow(by: scale)
        return overflow || seconds > Instant.latest.seconds ? nil : seconds
    }
}
