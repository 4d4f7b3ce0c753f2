import UIKitModel

extension Subscribers {
    /// A signal that a publisher doesn't produce additional elements, either due to normal completion or an error.
    public enum Completion<Failure: Error> {
        case finished
        case failure(Failure)
    }

    /// A requested number of items, sent to a publisher from a subscriber through the subscription.
    public struct Demand: Equatable, Comparable, Hashable, Codable, CustomStringConvertible {
        /// The count; `Self.unlimitedRaw` for `.unlimited`.
        private let rawValue: UInt
        private static let unlimitedRaw = UInt(Int.max) + 1

        private init(rawValue: UInt) {
            self.rawValue = Swift.min(Self.unlimitedRaw, rawValue)
        }

        /// A request for as many values as the publisher can produce.
        public static let unlimited = Demand(rawValue: unlimitedRaw)

        /// A request for no elements from the publisher.
        public static let none = Demand(rawValue: 0)

        /// Creates a demand for the given maximum number of elements.
        public static func max(_ value: Int) -> Demand {
            precondition(value >= 0, "a demand cannot be negative")
            return Demand(rawValue: UInt(value))
        }

        public var description: String { self == .unlimited ? "unlimited" : "max(\(rawValue))" }

        /// The number of requested values, or `nil` if unlimited.
        public var max: Int? { self == .unlimited ? nil : Int(rawValue) }

        public static func + (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max, let r = rhs.max else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(r)
            return overflow ? .unlimited : .max(sum)
        }

        public static func += (lhs: inout Demand, rhs: Demand) { lhs = lhs + rhs }

        public static func + (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            let (sum, overflow) = l.addingReportingOverflow(rhs)
            return overflow ? .unlimited : .max(Swift.max(0, sum))
        }

        public static func += (lhs: inout Demand, rhs: Int) { lhs = lhs + rhs }

        public static func * (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            let (product, overflow) = l.multipliedReportingOverflow(by: rhs)
            return overflow ? .unlimited : .max(Swift.max(0, product))
        }

        public static func *= (lhs: inout Demand, rhs: Int) { lhs = lhs * rhs }

        public static func - (lhs: Demand, rhs: Demand) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            guard let r = rhs.max else { return .none }
            return .max(Swift.max(0, l - r))
        }

        public static func -= (lhs: inout Demand, rhs: Demand) { lhs = lhs - rhs }

        public static func - (lhs: Demand, rhs: Int) -> Demand {
            guard let l = lhs.max else { return .unlimited }
            let (difference, overflow) = l.subtractingReportingOverflow(rhs)
            return overflow ? .none : .max(Swift.max(0, difference))
        }

        public static func -= (lhs: inout Demand, rhs: Int) { lhs = lhs - rhs }

        public static func > (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 > rhs } ?? true }
        public static func >= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 >= rhs } ?? true }
        public static func > (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs > $0 } ?? false }
        public static func >= (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs >= $0 } ?? false }
        public static func < (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 < rhs } ?? false }
        public static func < (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs < $0 } ?? true }
        public static func <= (lhs: Demand, rhs: Int) -> Bool { lhs.max.map { $0 <= rhs } ?? false }
        public static func <= (lhs: Int, rhs: Demand) -> Bool { rhs.max.map { lhs <= $0 } ?? true }
        public static func < (lhs: Demand, rhs: Demand) -> Bool { lhs.rawValue < rhs.rawValue }
        public static func == (lhs: Demand, rhs: Int) -> Bool { lhs.max == rhs }
        public static func != (lhs: Demand, rhs: Int) -> Bool { lhs.max != rhs }
        public static func == (lhs: Int, rhs: Demand) -> Bool { rhs.max == lhs }
        public static func != (lhs: Int, rhs: Demand) -> Bool { rhs.max != lhs }

        public init(from decoder: any Decoder) throws {
            rawValue = try decoder.singleValueContainer().decode(UInt.self)
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.singleValueContainer()
            try container.encode(rawValue)
        }
    }
}

extension Subscribers.Completion: Equatable where Failure: Equatable {}
extension Subscribers.Completion: Hashable where Failure: Hashable {}
