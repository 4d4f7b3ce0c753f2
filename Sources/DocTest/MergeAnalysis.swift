import TutorbuildSupport

/// What a lesson's code declares, mentions and does where `main.swift` and a file of a merged program differ;
/// fed snippet by snippet in program order (`LessonProgramBuilder.mergedFile`).
struct MergeAnalysis {
    typealias Refusal = MergedLessonFile.Refusal

    private(set) var exports: Set<String> = []
    /// Names used outside member accesses, argument labels and binding positions.
    private var used: Set<String> = []
    /// Names in binding positions anywhere (locals, parameters, members, closure parameters).
    private var bound: Set<String> = []
    /// Types and functions the lesson declares at file scope.
    private var declared: Set<String> = []
    /// Each file-scope declaration: the names it declares (an extension: its type) and the names it uses.
    private var bodies: [(names: Set<String>, uses: Set<String>)] = []
    private var extensions: [(type: String, conforms: Bool, members: Set<String>, initializers: Bool)] = []
    /// File-scope variables by position (snippet order, then line), and whether declarations read them.
    private var variables: [(name: String, position: Int)] = []
    /// Names in statements and variable declarations, by position.
    private var executed: [(name: String, position: Int)] = []
    private var ordinal = 0

    var variableNames: Set<String> { Set(variables.map(\.name)) }

    /// What the file mentions that another file could declare: names it uses but binds nowhere.
    var mentions: Set<String> { used.subtracting(bound) }

    static let binders: Set<String> = [
        "let", "var", "func", "class", "struct", "enum", "protocol", "typealias", "actor", "case", "for", "associatedtype",
    ]

    static let typeKeywords: Set<String> = ["class", "struct", "enum", "actor", "protocol", "typealias", "extension"]
    static let statementDeclarations: Set<String> = [
        "class", "struct", "enum", "protocol", "extension", "func", "typealias", "operator", "precedencegroup", "import",
    ]

    /// Adds a snippet's code: the kind of each line, and its file-scope declarations' line ranges (`SnippetLayout`);
    /// `owner` is the type a spliced snippet's members go into.
    mutating func add(
        code: String, kinds: [LessonProgramBuilder.LineKind], declarations: [ClosedRange<Int>], owner: String? = nil
    ) throws(Refusal) {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment }
        let lines = code.split(separator: "\n", omittingEmptySubsequences: false)
        for (l, line) in lines.enumerated() where l < kinds.count && kinds[l].isStatement {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.hasPrefix("#") { throw .directive }
            if line.contains("#function") { throw .functionName }
        }
        if code.contains("#column") { throw .columnLiteral }
        let base = ordinal * 1_000_000
        ordinal += 1
        let first = bodies.count
        bodies += declarations.map { _ in (owner.map { [$0] } ?? [], []) }
        let bodyOfLine = Dictionary(declarations.enumerated().flatMap { n, range in range.map { ($0, first + n) } }) { a, _ in a }
        var closureHead = false
        // A closure head that is surely a signature (`{ a, b in`, not the `for a in` of a block): its names are the
        // closure's parameters.
        var parameterHead = false
        var depth = 0
        var scopes = LocalScopes()
        // For each open brace among statements: whether it opens a closure (where `return` is the closure's).
        var braces: [Bool] = []
        for k in tokens.indices {
            let t = tokens[k]
            let kind = t.line < kinds.count ? kinds[t.line] : .statement
            try Self.check(tokens, k, depth: depth, kind: kind)
            if kind.isStatement {
                if t.text == "{" { braces.append(Self.opensClosure(tokens, k)) }
                if t.text == "}" { _ = braces.popLast() }
                if t.kind == .identifier, t.text == "return", !braces.contains(true) { throw .topLevelReturn }
            }
            if t.text == "{" {
                closureHead = Self.closureSignature(tokens, k)
                parameterHead = closureHead && Self.onlySignature(tokens, k)
            }
            if t.kind == .identifier, t.text == "in" { closureHead = false; parameterHead = false }
            scopes.enter(tokens, k)
            var names: Set<String> = []
            if t.kind == .identifier {
                if Self.binds(tokens, k, depth: depth) || closureHead {
                    bound.insert(t.text)
                    scopes.bind(tokens, k, closureParameter: parameterHead)
                } else if !Self.isMemberOrLabel(tokens, k) {
                    names = [t.text]
                }
            } else if t.kind == .string {
                names = Self.interpolatedWords(t.text)
            }
            used.formUnion(names)
            // A name a local scope declares (a member, a local, a closure parameter) is not the file-scope variable.
            names = names.filter { !scopes.shields($0) }
            if kind == .declaration, let body = bodyOfLine[t.line] {
                bodies[body].uses.formUnion(names)
            } else {
                executed += names.map { ($0, base + t.line) }
            }
            if depth == 0, kind == .declaration {
                let before = declared
                try declaration(tokens, k)
                if let body = bodyOfLine[t.line] {
                    bodies[body].names.formUnion(declared.subtracting(before))
                    if t.text == "extension", k + 1 < tokens.count { bodies[body].names.insert(tokens[k + 1].text) }
                }
            }
            if depth == 0, case .variable = kind, t.kind == .identifier, t.text == "let" || t.text == "var" {
                let range = (t.line)..<(Self.lastLine(tokens, from: k, kinds: kinds) + 1)
                for name in try LessonProgramBuilder.boundNames(in: code, lines: range) + Self.uninitializedNames(tokens, k) {
                    variables.append((name, base + t.line))
                }
            }
            if t.kind == .punctuation {
                if ["{", "(", "["].contains(t.text) { depth += 1 }
                if ["}", ")", "]"].contains(t.text) { depth = max(0, depth - 1) }
            }
        }
    }

    /// Refusals any token can cause, wherever it stands.
    private static func check(_ tokens: [SwiftLexer.Token], _ k: Int, depth: Int, kind: LessonProgramBuilder.LineKind) throws(Refusal) {
        let t = tokens[k]
        if t.kind == .attribute, t.text == "@main" { throw .mainAttribute }
        if t.kind == .identifier, t.text == "private" || t.text == "fileprivate" {
            var j = k + 1
            while j < tokens.count, tokens[j].kind == .attribute || SnippetLayout.modifiers.contains(tokens[j].text) || tokens[j].text == "final" { j += 1 }
            if j < tokens.count, typeKeywords.contains(tokens[j].text) { throw .privateType }
        }
        guard kind.isStatement, t.kind == .identifier else { return }
        if depth == 0, ["guard", "defer"].contains(t.text) { throw .scopeStatement }
        if depth == 0, statementDeclarations.contains(t.text) { throw .statementDeclaration }
        if depth == 0, t.text == "actor", k + 1 < tokens.count, tokens[k + 1].kind == .identifier, tokens[k + 1].line == t.line {
            throw .statementDeclaration
        }
        let firstOnLine = k == 0 || tokens[k - 1].line != t.line || tokens[k - 1].text == ";"
        if depth == 0, firstOnLine, t.text == "let" || t.text == "var" { throw .statementDeclaration }
    }

    /// Whether the brace at `k` opens a closure: `in` follows in it before any other brace, or it stands where only
    /// an expression can (after `(`, `,`, `=`, `:`, `[`, `return`). A trailing closure without `in` counts as a block.
    static func opensClosure(_ tokens: [SwiftLexer.Token], _ k: Int) -> Bool {
        if k > 0, ["(", ",", "=", ":", "[", "return", "??"].contains(tokens[k - 1].text) { return true }
        return closureSignature(tokens, k)
    }

    /// Whether the brace at `k` opens a closure with a signature (`{ a, b in`), whose names are bound there.
    static func closureSignature(_ tokens: [SwiftLexer.Token], _ k: Int) -> Bool {
        var j = k + 1
        while j < tokens.count, tokens[j].text != "{", tokens[j].text != "}" {
            if tokens[j].kind == .identifier, tokens[j].text == "in" { return true }
            j += 1
        }
        return false
    }

    /// Whether the tokens between the brace at `k` and its `in` can only be a closure's signature: no statement
    /// keyword among them.
    static func onlySignature(_ tokens: [SwiftLexer.Token], _ k: Int) -> Bool {
        var j = k + 1
        while j < tokens.count, !(tokens[j].kind == .identifier && tokens[j].text == "in") {
            if tokens[j].kind == .identifier, statementKeywords.contains(tokens[j].text) { return false }
            j += 1
        }
        return true
    }

    private static let statementKeywords: Set<String> = [
        "for", "if", "while", "guard", "switch", "case", "let", "var", "return", "func", "do", "repeat", "throw", "defer",
        "try", "await", "else", "where", "class", "struct", "enum",
    ]

    /// A file-scope declaration starting at token `k` (after its attributes and modifiers): the names it declares.
    private mutating func declaration(_ tokens: [SwiftLexer.Token], _ k: Int) throws(Refusal) {
        let t = tokens[k]
        guard t.kind == .identifier else { return }
        if ["operator", "precedencegroup"].contains(t.text) { throw .moduleOperator }
        if LessonProgramBuilder.declaringKeywords.contains(t.text), k + 1 < tokens.count {
            if t.text == "actor", tokens[k + 1].line != t.line { return }
            guard tokens[k + 1].kind == .identifier else {
                if t.text == "func" { throw .moduleOperator }
                return
            }
            // A function becomes file-private (`makeFilePrivate`); a type is seen by every file.
            if t.text != "func" { exports.insert(tokens[k + 1].text) }
            declared.insert(tokens[k + 1].text)
        }
        if t.text == "extension", k + 1 < tokens.count, tokens[k + 1].kind == .identifier {
            extensions.append(Self.extensionOf(tokens, k))
        }
    }

    /// The extended type (its first name), whether the extension adds conformances, and the members it adds.
    private static func extensionOf(_ tokens: [SwiftLexer.Token], _ k: Int) -> (type: String, conforms: Bool, members: Set<String>, initializers: Bool) {
        let type = tokens[k + 1].text
        var j = k + 2
        var conforms = false
        while j < tokens.count, tokens[j].text != "{" {
            if tokens[j].text == "where" { break }
            if tokens[j].text == ":" { conforms = true }
            j += 1
        }
        while j < tokens.count, tokens[j].text != "{" { j += 1 }
        var members: Set<String> = []
        var initializers = false
        guard j < tokens.count, let close = SnippetLayout.matching(tokens, open: j) else { return (type, conforms, members, true) }
        var depth = 0
        for m in j..<close {
            let text = tokens[m].text
            if ["{", "(", "["].contains(text) { depth += 1 }
            if ["}", ")", "]"].contains(text) { depth -= 1 }
            guard depth == 1, tokens[m].kind == .identifier else { continue }
            if ["init", "subscript"].contains(text) { initializers = true }
            if ["func", "var", "let", "class", "struct", "enum", "typealias", "actor", "protocol"].contains(text), m + 1 < close {
                if tokens[m + 1].kind == .identifier { members.insert(tokens[m + 1].text) } else { initializers = true }
            }
        }
        return (type, conforms, members, initializers)
    }

    /// The last line of the variable declaration whose keyword is token `k`.
    private static func lastLine(_ tokens: [SwiftLexer.Token], from k: Int, kinds: [LessonProgramBuilder.LineKind]) -> Int {
        var line = tokens[k].line
        while line + 1 < kinds.count, kinds[line + 1] == kinds[tokens[k].line] { line += 1 }
        return line
    }

    /// The names of a declaration without a value (`var x: Int`), which `boundNames` does not read.
    private static func uninitializedNames(_ tokens: [SwiftLexer.Token], _ k: Int) -> [String] {
        k + 1 < tokens.count && tokens[k + 1].kind == .identifier ? [tokens[k + 1].text] : []
    }

    /// Whether the identifier at `k` stands where a name is bound: after a declaring keyword, in a tuple pattern after
    /// `let`/`var`, or as a parameter name (`label name:` or `name:` in a declaration's parentheses).
    static func binds(_ tokens: [SwiftLexer.Token], _ k: Int, depth: Int) -> Bool {
        if k > 0, binders.contains(tokens[k - 1].text) { return true }
        if k > 1, tokens[k - 1].text == "(", ["let", "var"].contains(tokens[k - 2].text) { return true }
        return false
    }

    /// A member access (`x.name`), an argument label or parameter name (`name:` inside parentheses, `label name:`).
    static func isMemberOrLabel(_ tokens: [SwiftLexer.Token], _ k: Int) -> Bool {
        if k > 0, tokens[k - 1].text == "." || tokens[k - 1].text == "?." { return true }
        guard k + 1 < tokens.count else { return false }
        if tokens[k + 1].text == ":", k > 0, ["(", ","].contains(tokens[k - 1].text) { return true }
        if tokens[k + 1].kind == .identifier, k + 2 < tokens.count, tokens[k + 2].text == ":", k > 0, ["(", ","].contains(tokens[k - 1].text) {
            return true
        }
        if k > 0, tokens[k - 1].kind == .identifier, tokens[k + 1].text == ":", k > 1, ["(", ","].contains(tokens[k - 2].text) { return true }
        return false
    }

    /// The identifier-like words inside a literal's interpolations (`\(…)`), which may name anything.
    static func interpolatedWords(_ text: String) -> Set<String> {
        var inside = ""
        var depth = 0
        var previous: Character = " "
        for c in text {
            if depth > 0 {
                if c == "(" { depth += 1 }
                if c == ")" { depth -= 1 }
                inside.append(depth > 0 ? c : " ")
            } else if c == "(", previous == "\\" {
                depth = 1
            }
            previous = c
        }
        return words(inside)
    }

    /// Identifier-like words in some text.
    static func words(_ text: String) -> Set<String> {
        var words: Set<String> = []
        var current = ""
        for scalar in text.unicodeScalars {
            if scalar == "_" || (scalar.properties.isAlphabetic && scalar.isASCII) || (!current.isEmpty && ("0"..."9").contains(scalar)) {
                current.unicodeScalars.append(scalar)
            } else {
                if !current.isEmpty { words.insert(current) }
                current = ""
            }
        }
        if !current.isEmpty { words.insert(current) }
        return words
    }

    /// The names of the file-scope declarations that use `name`, directly or through another such declaration.
    private func readers(of name: String) -> Set<String> {
        var readers: Set<String> = []
        var frontier: Set<String> = [name]
        while !frontier.isEmpty {
            var next: Set<String> = []
            for body in bodies where !body.uses.isDisjoint(with: frontier) { next.formUnion(body.names.subtracting(readers)) }
            readers.formUnion(next)
            frontier = next
        }
        return readers
    }

    /// The last checks, which need the whole lesson: extensions of types declared elsewhere, and variables' order.
    mutating func finish() throws(Refusal) {
        for e in extensions where !declared.contains(e.type) {
            if e.conforms { throw .foreignConformance }
            exports.formUnion(e.members)
            // An initializer or subscript is found by the type's name: a lesson naming the type could reach it.
            if e.initializers { exports.insert(e.type) }
        }
        for v in variables {
            if executed.contains(where: { $0.name == v.name && $0.position < v.position }) { throw .useBeforeDeclaration }
            // Declarations that read the variable (or use one that does), used before it is declared, would see it
            // initialized early: in `main.swift` it is not yet.
            let readers = readers(of: v.name)
            if executed.contains(where: { $0.position < v.position && readers.contains($0.name) }) { throw .lazyOrder }
        }
    }
}

/// The brace scopes around a token and the names declared in each so far, so that a use a local declaration shadows
/// (a type's member, a local `let`, a closure's parameter) is not taken for a use of a file-scope variable of that
/// name. Only declarations whose scope is sure count: a `let`/`var`/`func` starting a statement, a `guard`'s
/// bindings, a closure's parameters; `if let`, `for`, `case` patterns and parameters do not, and keep the check
/// conservative.
struct LocalScopes {
    private struct Scope {
        var names: Set<String> = []
        /// Open `(` and `[` inside this scope.
        var parentheses = 0
        /// Inside an `if`/`while` condition, whose bindings belong to the body.
        var condition = false
        /// Inside a `guard` condition, whose bindings belong to this scope.
        var guardCondition = false
        /// A `for` loop's names (`for x in`, `for (a, b) in`), which belong to its body, the next scope opened.
        var loopNames: Set<String> = []
    }

    /// The file level first; its declarations are the file-scope ones themselves.
    private var scopes = [Scope()]

    /// Follows the token at `k` into and out of scopes and statement heads.
    mutating func enter(_ tokens: [SwiftLexer.Token], _ k: Int) {
        let t = tokens[k]
        switch t.text {
        case "{":
            var body = Scope()
            if scopes[scopes.count - 1].parentheses == 0 {
                scopes[scopes.count - 1].condition = false
                body.names = scopes[scopes.count - 1].loopNames
                scopes[scopes.count - 1].loopNames = []
            }
            scopes.append(body)
        case "}":
            if scopes.count > 1 { scopes.removeLast() }
        case "(", "[":
            scopes[scopes.count - 1].parentheses += 1
        case ")", "]":
            scopes[scopes.count - 1].parentheses = max(0, scopes[scopes.count - 1].parentheses - 1)
        default:
            guard t.kind == .identifier, scopes[scopes.count - 1].parentheses == 0 else { return }
            switch t.text {
            case "if", "while": scopes[scopes.count - 1].condition = true
            case "guard": scopes[scopes.count - 1].guardCondition = true
            case "for": scopes[scopes.count - 1].loopNames = Self.loopNames(tokens, after: k)
            case "else": scopes[scopes.count - 1].guardCondition = false
            // Each case of a `switch` is a scope of its own.
            case "case", "default": scopes[scopes.count - 1].names = []
            default: break
            }
        }
    }

    /// Records the binding at `k` in the innermost scope, when it surely declares the name there.
    mutating func bind(_ tokens: [SwiftLexer.Token], _ k: Int, closureParameter: Bool) {
        guard scopes.count > 1 else { return }
        var scope = scopes[scopes.count - 1]
        defer { scopes[scopes.count - 1] = scope }
        if closureParameter { scope.names.insert(tokens[k].text); return }
        guard k > 0, ["let", "var", "func"].contains(tokens[k - 1].text), scope.parentheses == 0, !scope.condition else { return }
        if scope.guardCondition || Self.startsStatement(tokens, k - 1) { scope.names.insert(tokens[k].text) }
    }

    /// Whether a scope around the current token declares `name`.
    func shields(_ name: String) -> Bool {
        scopes.dropFirst().contains { $0.names.contains(name) }
    }

    /// The names of a `for` loop's pattern when it is plain names: `for x in` or `for (a, _, b) in`.
    private static func loopNames(_ tokens: [SwiftLexer.Token], after k: Int) -> Set<String> {
        guard k + 1 < tokens.count else { return [] }
        if k + 2 < tokens.count, tokens[k + 1].kind == .identifier, tokens[k + 2].text == "in" {
            return tokens[k + 1].text == "_" ? [] : [tokens[k + 1].text]
        }
        guard tokens[k + 1].text == "(" else { return [] }
        var names: Set<String> = []
        var j = k + 2
        while j < tokens.count, tokens[j].text != ")" {
            let expectsName = (j - k) % 2 == 0
            if expectsName, tokens[j].kind == .identifier, !["let", "var", "case", "in"].contains(tokens[j].text) {
                if tokens[j].text != "_" { names.insert(tokens[j].text) }
            } else if expectsName || tokens[j].text != "," {
                return []
            }
            j += 1
        }
        return j + 1 < tokens.count && tokens[j + 1].text == "in" ? names : []
    }

    private static let memberModifiers: Set<String> = [
        "static", "class", "override", "weak", "unowned", "lazy", "dynamic", "required", "convenience", "mutating",
    ]

    /// Whether the keyword at `k` starts a statement, after any modifiers and attributes without arguments.
    private static func startsStatement(_ tokens: [SwiftLexer.Token], _ k: Int) -> Bool {
        var j = k
        while j > 0, tokens[j - 1].line == tokens[k].line,
              tokens[j - 1].kind == .attribute || SnippetLayout.modifiers.contains(tokens[j - 1].text) || memberModifiers.contains(tokens[j - 1].text) {
            j -= 1
        }
        return j == 0 || tokens[j - 1].line != tokens[j].line || [";", "{"].contains(tokens[j - 1].text)
    }
}
