import LessonModel
import TutorbuildSupport

/// Where a snippet's declarations are and where a type's body ends, found with `SwiftLexer`.
struct SnippetLayout {
    /// Line ranges (0-based, inclusive) of top-level type, function and extension declarations, and of `#if`
    /// groups that hold nothing else.
    var declarations: [ClosedRange<Int>]
    /// Line ranges of top-level `let` and `var` declarations (file-scope variables).
    var variables: [ClosedRange<Int>]
    var lineCount: Int

    /// Keywords that start a declaration which executes nothing at top level.
    static let declarationKeywords: Set<String> = [
        "class", "struct", "enum", "protocol", "extension", "func", "typealias", "actor", "import",
        "precedencegroup", "operator",
    ]
    static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "final", "indirect", "nonisolated", "prefix",
        "postfix", "infix", "package",
    ]

    init(code: String) {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment }
        lineCount = code.utf8.reduce(1) { $1 == 0x0A ? $0 + 1 : $0 }
        declarations = []
        variables = []
        var depth = 0
        var k = 0
        var previousLine = -1
        while k < tokens.count {
            let token = tokens[k]
            let firstOnLine = token.line != previousLine
            if depth == 0, firstOnLine, let end = Self.declarationEnd(tokens, from: k),
               end + 1 >= tokens.count || tokens[end + 1].line != tokens[end].line {
                declarations.append(token.line...tokens[end].line)
                previousLine = tokens[end].line
                k = end + 1
                continue
            }
            if depth == 0, firstOnLine, let end = Self.variableEnd(tokens, from: k) {
                variables.append(token.line...tokens[end].line)
                previousLine = tokens[end].line
                k = end + 1
                continue
            }
            if token.kind == .punctuation {
                if ["{", "(", "["].contains(token.text) { depth += 1 }
                if ["}", ")", "]"].contains(token.text) { depth = max(0, depth - 1) }
            }
            previousLine = token.line
            k += 1
        }
        let groups = Self.conditionalGroups(code, holding: declarations + variables)
        let inGroup = { (range: ClosedRange<Int>) in groups.contains { $0.contains(range.lowerBound) && $0.contains(range.upperBound) } }
        declarations = (declarations.filter { !inGroup($0) } + groups).sorted { $0.lowerBound < $1.lowerBound }
        variables.removeAll(where: inGroup)
    }

    /// Top-level `#if` … `#endif` groups whose lines between the directives all belong to `ranges`: kept
    /// whole, since a directive cannot be split between file scope and a block.
    static func conditionalGroups(_ code: String, holding ranges: [ClosedRange<Int>]) -> [ClosedRange<Int>] {
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false).map { $0.drop { $0 == " " || $0 == "\t" } }
        var groups: [ClosedRange<Int>] = []
        var open: [Int] = []
        for (n, line) in lines.enumerated() {
            if line.hasPrefix("#if") {
                open.append(n)
            } else if line.hasPrefix("#endif"), let start = open.popLast(), open.isEmpty {
                let inner = (start + 1)..<n
                let covered = inner.allSatisfy { l in
                    lines[l].isEmpty || lines[l].hasPrefix("#") || ranges.contains { $0.contains(l) }
                }
                if covered, inner.contains(where: { l in ranges.contains { $0.contains(l) } }) { groups.append(start...n) }
            }
        }
        return groups
    }

    /// If a `let` or `var` declaration starts at `start` (after attributes and modifiers), the index of its last token:
    /// the statement goes on while brackets are open or a line ends or starts with an operator.
    static func variableEnd(_ tokens: [SwiftLexer.Token], from start: Int) -> Int? {
        var k = start
        while k < tokens.count {
            if tokens[k].kind == .attribute || (tokens[k].kind == .identifier && (modifiers.contains(tokens[k].text) || tokens[k].text == "lazy")) {
                k += 1
                // `@available(…)`, `nonisolated(unsafe)`, `private(set)`
                if k < tokens.count, tokens[k].text == "(", tokens[k].line == tokens[k - 1].line {
                    guard let close = matching(tokens, open: k) else { return nil }
                    k = close + 1
                }
                continue
            }
            break
        }
        guard k < tokens.count, tokens[k].kind == .identifier, tokens[k].text == "let" || tokens[k].text == "var" else { return nil }
        var depth = 0
        var j = k
        while j < tokens.count {
            let t = tokens[j]
            if t.kind == .punctuation {
                if ["{", "(", "["].contains(t.text) { depth += 1 }
                if ["}", ")", "]"].contains(t.text) {
                    depth -= 1
                    if depth < 0 { return nil }
                }
            }
            // `let a = 1; print(a)`: a statement shares the line, so the line is not a declaration alone.
            if depth == 0, t.text == ";" { return nil }
            let next = j + 1 < tokens.count ? tokens[j + 1] : nil
            if depth == 0 {
                guard let next else { return j }
                if next.line != t.line, !continuing.contains(t.text), !(continuing.contains(next.text) || next.text.hasPrefix(".")) {
                    return j
                }
            }
            j += 1
        }
        return nil
    }

    /// Tokens that continue a statement onto the next line, at the end of a line or the start of the next one
    /// (not `?`, `!`, `<`, `>`: they end types such as `UITextField?` and `Set<Int>`).
    static let continuing: Set<String> = [
        "=", "+", "-", "*", "/", "%", "&&", "||", "??", "==", "!=", "<=", ">=", "+=", "-=", "*=", "/=", ",", ".", ":",
        "&", "|", "^", "->", "..<", "...", "?.",
    ]

    /// If a declaration starts at `start`, the index of its last token.
    static func declarationEnd(_ tokens: [SwiftLexer.Token], from start: Int) -> Int? {
        var k = start
        // Attributes such as `@MainActor` or `@available(iOS 15, *)`, then modifiers.
        while k < tokens.count {
            if tokens[k].kind == .attribute {
                k += 1
                if k < tokens.count, tokens[k].text == "(", tokens[k].line == tokens[k - 1].line {
                    guard let close = matching(tokens, open: k) else { return nil }
                    k = close + 1
                }
                continue
            }
            if tokens[k].kind == .identifier, modifiers.contains(tokens[k].text) {
                k += 1
                continue
            }
            break
        }
        guard k < tokens.count, tokens[k].kind == .identifier, declarationKeywords.contains(tokens[k].text) else { return nil }
        let keyword = tokens[k].text
        if keyword == "actor" {
            // `actor` is contextual: a declaration only when a name follows on the same line.
            guard k + 1 < tokens.count, tokens[k + 1].kind == .identifier, tokens[k + 1].line == tokens[k].line else { return nil }
        }
        if ["import", "typealias", "operator"].contains(keyword) {
            var end = k
            while end + 1 < tokens.count, tokens[end + 1].line == tokens[k].line { end += 1 }
            return end
        }
        // The body: the first `{` at this level, up to its matching `}`.
        var j = k + 1
        var depth = 0
        while j < tokens.count {
            let t = tokens[j]
            if t.kind == .punctuation {
                if t.text == "{", depth == 0 { return matching(tokens, open: j) }
                if ["(", "["].contains(t.text) { depth += 1 }
                if [")", "]"].contains(t.text) { depth -= 1 }
                if t.text == "}" { return nil }
            }
            j += 1
        }
        return nil
    }

    /// The index of the bracket closing the one at `open`.
    static func matching(_ tokens: [SwiftLexer.Token], open: Int) -> Int? {
        var depth = 0
        for j in open..<tokens.count where tokens[j].kind == .punctuation {
            switch tokens[j].text {
            case "{", "(", "[": depth += 1
            case "}", ")", "]":
                depth -= 1
                if depth == 0 { return j }
            default: break
            }
        }
        return nil
    }

    /// The closing brace of the body of type `name` (`class`/`struct`/`enum`/`actor`, else `extension`), 0-based.
    static func typeBodyEnd(named name: String, in code: String) -> (line: Int, column: Int)? {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment }
        var fallback: (line: Int, column: Int)?
        for k in tokens.indices where tokens[k].kind == .identifier {
            let keyword = tokens[k].text
            guard ["class", "struct", "enum", "actor", "extension", "protocol"].contains(keyword) else { continue }
            // Read a possibly dotted name after the keyword.
            var j = k + 1
            var parts: [String] = []
            while j < tokens.count, tokens[j].kind == .identifier {
                parts.append(tokens[j].text)
                if j + 1 < tokens.count, tokens[j + 1].text == ".", j + 2 < tokens.count, tokens[j + 2].kind == .identifier {
                    j += 2
                } else {
                    j += 1
                    break
                }
            }
            let declared = parts.joined(separator: ".")
            guard declared == name || (parts.last == name.split(separator: ".").last.map(String.init) && name.hasSuffix(declared)) else { continue }
            var open = j
            var depth = 0
            while open < tokens.count {
                let t = tokens[open]
                if t.text == "{", depth == 0 { break }
                if t.text == "(" || t.text == "[" || t.text == "<" { depth += 1 }
                if t.text == ")" || t.text == "]" || t.text == ">" { depth -= 1 }
                open += 1
            }
            guard open < tokens.count, let close = matching(tokens, open: open) else { continue }
            let position = (line: tokens[close].line, column: tokens[close].column)
            if keyword == "extension" {
                if fallback == nil { fallback = position }
            } else {
                return position
            }
        }
        return fallback
    }
}
