/// Finds Swift comments in code, skipping string literals, so translated comments can be told apart from code.
public enum SwiftComments {
    /// UTF-8 byte ranges of every `//` and `/* */` comment (nested block comments included).
    public static func commentRanges(_ code: String) -> [Range<Int>] {
        let s = Array(code.utf8)
        var ranges: [Range<Int>] = []
        var i = 0
        // ASCII scalars compared as bytes (Character.asciiValue is costly in this loop over every byte).
        func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < s.count && UInt32(s[k]) == c.value }
        while i < s.count {
            if at(i, "/"), at(i + 1, "/") {
                let start = i
                while i < s.count, s[i] != 0x0A { i += 1 }
                ranges.append(start..<i)
            } else if at(i, "/"), at(i + 1, "*") {
                let start = i
                var depth = 1
                i += 2
                while i < s.count, depth > 0 {
                    if at(i, "*"), at(i + 1, "/") { depth -= 1; i += 2 }
                    else if at(i, "/"), at(i + 1, "*") { depth += 1; i += 2 }
                    else { i += 1 }
                }
                ranges.append(start..<i)
            } else if at(i, "\"") {
                let multiline = at(i + 1, "\"") && at(i + 2, "\"")
                i += multiline ? 3 : 1
                while i < s.count {
                    if at(i, "\\") { i += 2; continue }
                    if multiline, at(i, "\""), at(i + 1, "\""), at(i + 2, "\"") { i += 3; break }
                    if !multiline, at(i, "\"") || at(i, "\n") { i += 1; break }
                    i += 1
                }
            } else {
                i += 1
            }
        }
        return ranges
    }

    /// The code without comments; newlines inside block comments are kept so lines still line up.
    static func stripped(_ code: String) -> String {
        let bytes = Array(code.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var next = 0
        for range in commentRanges(code) {
            out += bytes[next..<range.lowerBound]
            out += bytes[range].filter { $0 == 0x0A }
            next = range.upperBound
        }
        out += bytes[next...]
        return String(decoding: out, as: UTF8.self)
    }

    /// The code without comments, trailing spaces, blank lines and hide/show markers.
    static func normalized(_ code: String) -> String {
        let stripped = stripped(code)
        // ASCII without carriage returns: Characters are bytes, so do the same on bytes (much cheaper).
        if stripped.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            var out: [UInt8] = []
            for line in stripped.utf8.split(separator: 0x0A, omittingEmptySubsequences: false) {
                var end = line.endIndex
                while end > line.startIndex, line[line.index(before: end)] == 0x20 || line[line.index(before: end)] == 0x09 {
                    end = line.index(before: end)
                }
                if end == line.startIndex { continue }
                if !out.isEmpty { out.append(0x0A) }
                out.append(contentsOf: line[..<end])
            }
            return String(decoding: out, as: UTF8.self)
        }
        return stripped
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSuffix { $0 == " " || $0 == "\t" } }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
