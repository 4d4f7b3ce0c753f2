/// The one hex formatter for hashes: lowercase, zero-padded to a fixed width.
package enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    /// `value`'s low `count` hex digits (16 for 64 bits, 8 for 32), most significant first.
    package static func string(_ value: UInt64, digits count: Int = 16) -> String {
        var text: [UInt8] = []
        append(value, digits: count, to: &text)
        return String(decoding: text, as: UTF8.self)
    }

    /// Appends `value`'s low `count` hex digits to `text` as UTF-8.
    package static func append(_ value: UInt64, digits count: Int, to text: inout [UInt8]) {
        for shift in stride(from: 4 * (count - 1), through: 0, by: -4) { text.append(digits[Int((value >> UInt64(shift)) & 0xF)]) }
    }
}
