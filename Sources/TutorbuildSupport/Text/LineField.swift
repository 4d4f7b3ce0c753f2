/// A text kept as one field of a line in a cache entry: backslashes, tabs and line ends written as `\\`,
/// `\t`, `\n` and `\r`, so the field holds no separator and no line end.
package enum LineField {
    package static func escaped(_ text: String) -> String {
        // Bytes, not Characters: most fields have nothing to escape, and a record holds thousands of them.
        guard text.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r") })
        else { return text }
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": out += "\\\\"
            case "\t": out += "\\t"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The text `escaped` made this field from, or `nil` for an escape it never writes.
    package static func unescaped(_ field: Substring) -> String? {
        // A byte search: Foundation's `contains` for a String goes through CFString.
        guard field.utf8.contains(UInt8(ascii: "\\")) else { return String(field) }
        var out = ""
        var escaping = false
        for scalar in field.unicodeScalars {
            if escaping {
                switch scalar {
                case "\\": out += "\\"
                case "t": out += "\t"
                case "n": out += "\n"
                case "r": out += "\r"
                default: return nil
                }
                escaping = false
            } else if scalar == "\\" {
                escaping = true
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return escaping ? nil : out
    }
}
