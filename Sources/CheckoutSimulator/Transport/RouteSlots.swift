import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// One `SimulatorURLProtocol` subclass per route, made from generic types.
///
/// URL loading picks a protocol by class, and a configuration's classes are the only thing it
/// hands down from the configuration, so each route needs a class of its own. Swift cannot
/// declare classes at run time, but each instantiation of a generic class is a distinct class:
/// `Slot<Bit1<Bit0<Bit1<End>>>>` answers route 0b101 = 5. The number is spelled in binary, so
/// route n costs log₂ n nested types, instantiated once by the runtime.
enum RouteSlots {
    /// The class answering route `number` (≥ 1).
    static func protocolClass(for number: Int) -> AnyClass {
        spell(number, into: End.self)
    }

    /// Wraps `Digits` in one binary digit of `number` per level, least significant innermost.
    private static func spell<Digits: RouteDigits>(_ number: Int, into digits: Digits.Type) -> AnyClass {
        guard number > 0 else { return Slot<Digits>.self }
        return number & 1 == 0 ? spell(number >> 1, into: Bit0<Digits>.self) : spell(number >> 1, into: Bit1<Digits>.self)
    }

    /// A route number spelled as a type: each wrapper adds one binary digit.
    protocol RouteDigits {
        /// The number spelled so far; `place` is the value of the next digit to the left.
        static var value: Int { get }
        static var place: Int { get }
    }

    enum End: RouteDigits {
        static var value: Int { 0 }
        static var place: Int { 1 }
    }

    enum Bit0<Lower: RouteDigits>: RouteDigits {
        static var value: Int { Lower.value }
        static var place: Int { Lower.place << 1 }
    }

    enum Bit1<Lower: RouteDigits>: RouteDigits {
        static var value: Int { Lower.value + Lower.place }
        static var place: Int { Lower.place << 1 }
    }

    /// The protocol class of the route its digits spell.
    final class Slot<Digits: RouteDigits>: SimulatorURLProtocol {
        override class var routeNumber: Int { Digits.value }
    }
}
