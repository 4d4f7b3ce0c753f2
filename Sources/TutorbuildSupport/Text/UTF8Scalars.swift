/// Scalars read straight from UTF-8 bytes, for work that walks text byte by byte (pages, search, Markdown
/// emphasis, the Swift lexer).
///
/// The bytes must come from whole Strings, so they are valid UTF-8 and no scalar is cut off.
/// Public and inlinable (not package) so that the search tokenizer's byte loop inlines it: the toolchain
/// inlines only public `@inlinable` functions into other modules.
public enum UTF8Scalars {
    /// The scalar whose UTF-8 starts at `start`, and its length in bytes.
    @inlinable @inline(__always)
    public static func scalar(startingAt start: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Int) {
        let lead = UInt32(bytes[start])
        if lead & 0xF0 == 0xE0 {
            // Three bytes: every Han character in the BMP, so most non-ASCII text here.
            let value = (lead & 0x0F) << 12 | UInt32(bytes[start + 1] & 0x3F) << 6 | UInt32(bytes[start + 2] & 0x3F)
            return (Unicode.Scalar(value) ?? "\u{FFFD}", 3)
        }
        var value: UInt32
        let length: Int
        switch lead {
        case ..<0x80: return (Unicode.Scalar(UInt8(lead)), 1)
        case ..<0xE0: value = lead & 0x1F; length = 2
        case ..<0xF0: value = lead & 0x0F; length = 3
        default: value = lead & 0x07; length = 4
        }
        for k in 1..<length { value = value << 6 | UInt32(bytes[start + k] & 0x3F) }
        return (Unicode.Scalar(value) ?? "\u{FFFD}", length)
    }

    /// The scalar whose UTF-8 ends just before `end`.
    @inlinable
    public static func scalar(endingAt end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar {
        var start = end - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(startingAt: start, in: bytes).0
    }
}
