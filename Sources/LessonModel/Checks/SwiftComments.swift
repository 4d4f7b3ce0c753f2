import TutorbuildSupport

/// Swift comments in code as byte ranges, so translated comments can be told apart from code.
public enum SwiftComments {
    /// UTF-8 byte ranges of every `//` and `/* */` comment, found by `SwiftLexer` (so string and regex literals are
    /// skipped); none where the lexer cannot be sure of them.
    public static func commentRanges(_ code: String) -> [Range<Int>] {
        SwiftLexer.commentRanges(Array(code.utf8))
    }

    /// The code without comments; newlines inside block comments are kept so lines still line up.
    static func stripped(_ code: String) -> String {
        SwiftLexer.removingComments(code)
    }

    /// The code without comments, trailing spaces, blank lines and hide/show markers; the lines of a
    /// multi-line literal are its text, compared as they are.
    static func normalized(_ code: String) -> String {
        // Comments are removed on the bytes the lexer read, with no String in between; where the lexer is
        // unsure of them they stay, so twins whose comments are translated differ, loudly.
        let codeBytes = Array(code.utf8)
        let layout = SwiftLexer.commentLayout(codeBytes) ?? .init(comments: [], multilineLiterals: [])
        let (bytes, literals) = SwiftLexer.removing(layout, from: codeBytes)
        // Without carriage returns ("\r\n" is one Character) this works on bytes, far cheaper than on
        // Characters and the same but where a combining mark follows a newline or blank; both twins take
        // the same path, so they still compare alike.
        if !bytes.contains(0x0D) {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var lineStart = 0
            var literal = 0
            while lineStart <= bytes.count {
                let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
                while literal < literals.count, literals[literal].upperBound <= lineEnd { literal += 1 }
                if literal < literals.count, literals[literal].contains(lineEnd) {
                    if !out.isEmpty { out.append(0x0A) }
                    out.append(contentsOf: bytes[lineStart..<lineEnd])
                    lineStart = lineEnd + 1
                    continue
                }
                var end = lineEnd
                while end > lineStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
                if end > lineStart {
                    if !out.isEmpty { out.append(0x0A) }
                    out.append(contentsOf: bytes[lineStart..<end])
                }
                lineStart = lineEnd + 1
            }
            return String(decoding: out, as: UTF8.self)
        }
        return String(decoding: bytes, as: UTF8.self)
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.trimmingSuffix { $0 == " " || $0 == "\t" } }
            .filter { !$0.isEmpty }
            .joined(separator: "\n")
    }
}
