import Foundation
@testable import TutorbuildSupport
import Testing

/// The style guide's limit on function length, checked over every Swift file in `Sources/` with the
/// project's own lexer (so braces in strings and comments do not count).
@Suite("Function length in Sources/")
struct FunctionLengthTests {
    /// Most lines from a declaration's keyword to its closing brace.
    static let limit = 80

    @Test("no function, initializer or subscript in Sources/ is longer than 80 lines")
    func noLongFunctions() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../Sources").standardizedFileURL
        let files = try #require(FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil))
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        #expect(files.count > 100)
        var long: [String] = []
        for file in files {
            let code = try String(contentsOf: file, encoding: .utf8)
            for function in Self.functions(in: code) where function.lines > Self.limit {
                long.append("\(file.path.dropFirst(sources.path.count + 1)):\(function.line + 1): \(function.lines) lines")
            }
        }
        #expect(long.isEmpty, "longer than \(Self.limit) lines:\n\(long.sorted().joined(separator: "\n"))")
    }

    @Test("lengths count from the keyword to the closing brace; braces in strings and comments, and requirements without a body, do not count")
    func measuring() {
        let code = """
        protocol P {
            func a()
            init(x: Int)
        }
        struct S {
            func b(x: Int = { 1 }()) -> String {
                let s = "{ // not a brace"
                return s + "}"
            }
            init() {}
            subscript(i: Int) -> Int {
                get { i }
            }
        }
        let t = S.init()
        """
        let found = Self.functions(in: code).map { [$0.line, $0.lines] }
        #expect(found == [[5, 4], [9, 1], [10, 3]])
    }

    /// Each `func`, `init`, `deinit` and `subscript` with a body: the 0-based line of its keyword and how many lines it spans.
    static func functions(in code: String) -> [(line: Int, lines: Int)] {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment }
        var found: [(line: Int, lines: Int)] = []
        for (k, token) in tokens.enumerated()
        where token.kind == .identifier && ["func", "init", "deinit", "subscript"].contains(token.text)
            && (k == 0 || tokens[k - 1].text != ".") {
            guard let open = bodyStart(tokens, after: k), let close = matchingBrace(tokens, open: open) else { continue }
            found.append((token.line, tokens[close].line - token.line + 1))
        }
        return found
    }

    /// The `{` opening the body of the declaration whose keyword is at `k`; `nil` for a requirement without one.
    private static func bodyStart(_ tokens: [SwiftLexer.Token], after k: Int) -> Int? {
        var depth = 0
        for j in (k + 1)..<tokens.count {
            let t = tokens[j]
            guard t.kind == .punctuation else {
                if depth == 0, t.kind == .identifier, ["func", "init", "var", "let", "subscript", "case"].contains(t.text),
                   tokens[j - 1].text != "." { return nil }
                continue
            }
            switch t.text {
            case "(", "[": depth += 1
            case ")", "]": depth -= 1
            case "{" where depth == 0: return j
            case "}" where depth == 0: return nil
            default: break
            }
        }
        return nil
    }

    private static func matchingBrace(_ tokens: [SwiftLexer.Token], open: Int) -> Int? {
        var depth = 0
        for j in open..<tokens.count where tokens[j].kind == .punctuation {
            if tokens[j].text == "{" { depth += 1 }
            if tokens[j].text == "}" {
                depth -= 1
                if depth == 0 { return j }
            }
        }
        return nil
    }
}
