/// A text kept as one field of a line in a cache entry: backslashes, tabs and line ends written as `\\`,
/// `\t`, `\n` and `\r`, so the field holds no separator and no line end.
///
/// Both directions work on UTF-8 bytes: a record of a thousand lessons holds fields of hundreds of kilobytes
/// (its diagnostics as JSON, full of backslashes), and appending them scalar by scalar took 50 ms a rebuild.
package enum LineField {
    package static func escaped(_ text: String) -> String {
        var text = text
        return text.withUTF8 { bytes in
            guard bytes.contains(where: needsEscape) else { return nil }
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count + bytes.count / 8 + 16)
            for byte in bytes {
                switch byte {
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "\t"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "t"))
                case UInt8(ascii: "\n"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "n"))
                case UInt8(ascii: "\r"): out.append(UInt8(ascii: "\\")); out.append(UInt8(ascii: "r"))
                default: out.append(byte)
                }
            }
            // Escapes are ASCII and replace ASCII bytes: the text stays the valid UTF-8 it was.
            return String(decoding: out, as: UTF8.self)
        } ?? text
    }

    @inline(__always)
    private static func needsEscape(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
    }

    /// The text `escaped` made this field from, or `nil` for an escape it never writes.
    package static func unescaped(_ field: Substring) -> String? {
        var field = field
        return field.withUTF8 { unescaped(bytes: $0) }
    }

    /// `unescaped(_:)` for a field's UTF-8 bytes, which are decoded as UTF-8 (ill-formed bytes become U+FFFD).
    package static func unescaped(bytes field: UnsafeBufferPointer<UInt8>) -> String? {
        guard field.contains(UInt8(ascii: "\\")) else { return String(decoding: field, as: UTF8.self) }
        var out: [UInt8] = []
        out.reserveCapacity(field.count)
        var escaping = false
        for byte in field {
            if escaping {
                switch byte {
                case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
                case UInt8(ascii: "t"): out.append(UInt8(ascii: "\t"))
                case UInt8(ascii: "n"): out.append(UInt8(ascii: "\n"))
                case UInt8(ascii: "r"): out.append(UInt8(ascii: "\r"))
                default: return nil
                }
                escaping = false
            } else if byte == UInt8(ascii: "\\") {
                escaping = true
            } else {
                out.append(byte)
            }
        }
        return escaping ? nil : String(decoding: out, as: UTF8.self)
    }
}
