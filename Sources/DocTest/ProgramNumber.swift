/// Numbers the runner reads from what a program or the compiler printed (snippet indices, lines, columns).
///
/// A program can print `snippet-0.swift:9223372036854775807`, and a snippet can set any line with
/// `#sourceLocation`: such a number is never trusted to be small enough for arithmetic on it.
enum ProgramNumber {
    /// The largest line, column or snippet index believed: beyond any lesson file (16 MB, docs/security.md).
    static let limit = 1 << 24

    /// The decimal number `digits` spells (ASCII digits only), or `nil` when it is not one or exceeds `limit`.
    static func parse<S: StringProtocol>(_ digits: S) -> Int? {
        // `limit` has 8 digits: a longer run (leading zeros aside) is out of range before it is converted.
        let significant = digits.utf8.drop { $0 == UInt8(ascii: "0") }
        guard !digits.isEmpty, significant.count <= 8, digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        var value = 0
        for byte in significant { value = value * 10 + Int(byte - UInt8(ascii: "0")) }
        return value <= limit ? value : nil
    }

    /// `value` within `0...limit`: a number read before it was bounded (a cached outcome) can still be used.
    static func clamped(_ value: Int) -> Int { min(max(value, 0), limit) }
}
