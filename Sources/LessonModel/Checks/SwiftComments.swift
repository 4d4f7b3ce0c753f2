/// Removes Swift comments from code, keeping string literals, so translated comments compare equal.
enum SwiftComments {
    /// The code without `//` and `/* */` comments, trailing spaces, blank lines and hide/show markers.
    static func normalized(_ code: String) -> String {
        stripped(code)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSuffix { $0 == " " || $0 == "\t" } }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }

    static func stripped(_ code: String) -> String {
        let s = Array(code.unicodeScalars)
        var out = String.UnicodeScalarView()
        var i = 0
        var blockDepth = 0
        var inString = false
        var multiline = false
        func at(_ k: Int, _ c: Unicode.Scalar) -> Bool { k < s.count && s[k] == c }
        while i < s.count {
            let c = s[i]
            if blockDepth > 0 {
                if at(i, "*"), at(i + 1, "/") { blockDepth -= 1; i += 2 }
                else if at(i, "/"), at(i + 1, "*") { blockDepth += 1; i += 2 }
                else { if c == "\n" { out.append(c) }; i += 1 }
                continue
            }
            if inString {
                out.append(c)
                if c == "\\", i + 1 < s.count { out.append(s[i + 1]); i += 2; continue }
                if multiline, at(i, "\""), at(i + 1, "\""), at(i + 2, "\"") {
                    out.append(s[i + 1]); out.append(s[i + 2]); i += 3; inString = false; continue
                }
                if !multiline, c == "\"" || c == "\n" { inString = false }
                i += 1
                continue
            }
            if c == "/", at(i + 1, "/") {
                while i < s.count, s[i] != "\n" { i += 1 }
                continue
            }
            if c == "/", at(i + 1, "*") { blockDepth = 1; i += 2; continue }
            if c == "\"" {
                inString = true
                multiline = at(i + 1, "\"") && at(i + 2, "\"")
                if multiline { out.append(c); out.append(c); out.append(c); i += 3; continue }
            }
            out.append(c)
            i += 1
        }
        return String(out)
    }
}
