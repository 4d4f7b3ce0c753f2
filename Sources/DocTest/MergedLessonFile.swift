import LessonModel
import TutorbuildSupport

/// A lesson program rewritten as one file of a merged program (`MergedProgram`), or why it cannot be one.
///
/// Its file-scope declarations and variables stay at file scope with their lines; its statements go, in order,
/// into a main-actor function that `main.swift` calls when the run names this lesson; each file-scope variable is
/// read (`_ = name`) where it was declared, so the variables are initialized in the order `main.swift` would.
/// A lesson is rewritten only when nothing in it could compile or behave otherwise than in its own `main.swift`
/// (`Refusal` lists what is not rewritten); the rest are compiled alone.
struct MergedLessonFile: Sendable, Hashable {
    /// The file's text; the support type's name is `LessonProgram.supportName`, the run function's name `runName`.
    var text: String
    /// Names other files of the module can see: top-level declarations and the members added to types declared elsewhere.
    var exports: Set<String>
    /// The names the file uses without declaring them itself (outside member accesses, argument labels and bindings),
    /// in code and in string interpolations: another file's declaration of one of them could change what it names.
    var mentions: Set<String>
    /// The file-scope variables: in `main.swift` a Swift 5 program's are not checked for actor isolation, in another
    /// file they are (`MainActor` by default), so a message about their isolation sends the lesson alone.
    var variables: Set<String> = []
    /// Each snippet's lines as compiled, to tell which lesson a message about `snippet-<n>.swift` concerns.
    var lines: [Int: [String]] = [:]
    /// Where `fileprivate ` was written, by snippet and line (0-based): the column (0-based) it was written at.
    var insertions: [Int: [Int: [Int]]] = [:]
    /// Whether the run function is `async`: only when the statements hold `await` or `async`. In `main.swift` a call
    /// like `present(_:animated:)` without `await` takes the completion-handler method even beside an `await`; in an
    /// `async` function it takes the `async` one and is an error, so a lesson that never suspends runs synchronously.
    var suspends = true

    /// The column a compiler reported (1-based) in the author's line, before the inserted keywords.
    func authorColumn(snippet: Int, line: Int, column: Int) -> Int {
        let before = (insertions[snippet]?[line - 1] ?? []).filter { $0 < column - 1 }.count
        return column - before * MergedLessonFile.inserted.unicodeScalars.count
    }

    static let inserted = "fileprivate "

    /// Stands for the run function's name until the batch numbers its files (`text(slot:supportName:)`).
    static let runName = "\u{0}\u{0}"

    /// The text to compile as file `slot` of a batch, whose run function is `runFunction(slot:supportName:)`.
    func text(slot: Int, supportName: String) -> String {
        text.replacingOccurrences(of: Self.runName, with: Self.runFunction(slot: slot, supportName: supportName))
            .replacingOccurrences(of: LessonProgram.supportName, with: supportName)
    }

    static func runFunction(slot: Int, supportName: String) -> String { "\(supportName)_run\(slot)" }

    /// What keeps a lesson program out of a merged one.
    enum Refusal: String, Error, Sendable, Hashable {
        case role = "only a lesson program or an isolated snippet's program is merged"
        case isolation = "only programs whose default isolation is MainActor are merged (file-scope variables keep their isolation)"
        case directive = "a compiler directive (`#if`, `#sourceLocation`, …) among statements"
        case scopeStatement = "a top-level `guard` or `defer` (their scope is the file's top-level code)"
        case topLevelReturn = "a `return` outside a closure among statements (an error in top-level code)"
        case statementDeclaration = "a declaration among statements on the same line"
        case functionName = "`#function` among statements names the enclosing function"
        case mainAttribute = "`@main`"
        case moduleOperator = "an operator, precedence group or operator function at file scope (visible to every file)"
        case privateType = "a `private` or `fileprivate` type (its runtime name names the file)"
        case foreignConformance = "an extension that conforms a type declared elsewhere to a protocol (visible to every file)"
        case variablePattern = "a file-scope variable whose names are not read simply"
        case uninitializedVariable = "a file-scope variable without a value (a global of another file needs one)"
        case useBeforeDeclaration = "a file-scope variable used before its declaration"
        case lazyOrder = "code before a file-scope variable's declaration calls the lesson's code that reads it"
        case spliceOutsideDeclaration = "members spliced into a type that is not declared at file scope"
        case accessLevel = "a file-scope function or variable with an access level other than private (it must be file-private)"
        case columnLiteral = "`#column` (the rewrite moves code within its line)"
        case foreignExtensionMember = "an extension of a type declared elsewhere that declares a type or gives a member an access level (it must be file-private)"
    }
}

extension LessonProgramBuilder {
    /// Keywords that declare a name at file scope.
    static let declaringKeywords: Set<String> = ["class", "struct", "enum", "protocol", "func", "typealias", "actor"]

    /// `program` (one of this builder's `lesson` or `isolated` programs) as a file of a merged program.
    func mergedFile(_ program: LessonProgram) throws(MergedLessonFile.Refusal) -> MergedLessonFile {
        switch program.role {
        case .lesson, .isolated: break
        case .compileFail, .prefix: throw .role
        }
        guard program.mode.defaultIsolation == .mainActor else { throw .isolation }
        let included = Set(program.snippets)
        let available = snippets.filter { included.contains($0.index) }
        let insertions = spliceInsertions(available)
        var file = ""
        var body = ""
        var analysis = MergeAnalysis()
        var compiledLines: [Int: [String]] = [:]
        var inserted: [Int: [Int: [Int]]] = [:]
        let ownTypes = Set(available.flatMap { Self.fileScopeTypeNames(in: code[$0.index] ?? "") })
        for snippet in available where !insertions.spliced.contains(snippet.index) {
            let i = snippet.index
            var lines = renderedLines(i, insertions: insertions.byHost)
            let layout = SnippetLayout(code: code[i] ?? "")
            let mode = snippet.attributes.mode
            let kinds = Self.lineKinds(layout, lineCount: lines.count, variablesAtFileScope: mode != .shouldTrap)
            for host in insertions.byHost[i] ?? [] where kinds[host.line] != .declaration { throw .spliceOutsideDeclaration }
            let hostLines = Set((insertions.byHost[i] ?? []).map(\.line))
            inserted[i] = try Self.makeFilePrivate(&lines, code: code[i] ?? "", kinds: kinds, hostLines: hostLines, ownTypes: ownTypes)
            compiledLines[i] = lines
            try analysis.add(code: code[i] ?? "", kinds: kinds, declarations: layout.declarations)
            var reads = ""
            var ordered = ""
            var statements = ""
            for run in Self.runs(of: kinds) {
                switch kinds[run.lowerBound] {
                case .declaration:
                    file += chunk(i, lines, run)
                case .variable(_):
                    file += chunk(i, lines, run)
                    let read = try Self.boundNames(in: code[i] ?? "", lines: run).map { "_ = \($0)\n" }.joined()
                    (reads, ordered) = (reads + read, ordered + read)
                case .statement:
                    let text = chunk(i, lines, run)
                    (statements, ordered) = (statements + text, ordered + text)
                }
            }
            switch mode {
            case .run, .compileFail, .ignore:
                body += LessonProgram.supportCall("enter(\(i))\n") + ordered
            case .noRun:
                // A no-run snippet's variables are initialized where they stand, before its block that never runs.
                body += reads + "if " + LessonProgram.supportCall("never {\n") + LessonProgram.supportCall("enter(\(i))\n") + statements + "}\n"
            case .shouldTrap:
                body += "if " + LessonProgram.supportCall("trap(\(i)) {\n") + LessonProgram.supportCall("enter(\(i))\n") + statements + "}\n"
                body += LessonProgram.supportCall("afterTrap(\(i))\n")
            }
        }
        for i in insertions.spliced.sorted() {
            compiledLines[i] = renderedLines(i, insertions: insertions.byHost)
            let count = (code[i] ?? "").split(separator: "\n", omittingEmptySubsequences: false).count
            let owner = snippets.first { $0.index == i }?.attributes.spliceInto
            try analysis.add(code: code[i] ?? "", kinds: Array(repeating: .declaration, count: count), declarations: [0...max(0, count - 1)], owner: owner)
        }
        try analysis.finish()
        let methods = methodTable.declarations(for: Set(available.map(\.index)))
        // The generated names of `@objc` methods' declarations are per file: two lessons may extend one UIKit class.
        let rename = { (text: String) in text.replacingOccurrences(of: "_tutorbuildObjC", with: "_tutorbuildObjC" + MergedLessonFile.runName + "_") }
        var text = LessonProgram.preamble + "#if canImport(Glibc)\nimport Glibc\n#endif\n" + file + rename(methods.end)
        let suspends = SwiftLexer.tokens(body).contains { $0.kind == .identifier && ($0.text == "await" || $0.text == "async") }
        text += "@MainActor func \(MergedLessonFile.runName)()\(suspends ? " async" : "") {\n" + rename(methods.start) + body
        text += LessonProgram.supportCall("end()\n") + "}\n"
        return MergedLessonFile(
            text: text, exports: analysis.exports, mentions: analysis.mentions, variables: analysis.variableNames, lines: compiledLines,
            insertions: inserted, suspends: suspends)
    }

    /// Writes `fileprivate` before each file-scope function and variable without an access level, so that two
    /// lessons' `let app` or `func show()` live side by side in one module, each seen only by its own file; types keep
    /// their access (a `fileprivate` type's runtime name names its file, which `print` shows).
    ///
    /// An extension of a type the lesson does not declare (`ownTypes`) becomes `fileprivate` too: in one module, a
    /// member it adds shadows the standard library's or the model's wherever another file names it (`extension Array
    /// { var count: Int { 42 } }` made another lesson's `items.count` print 42), a protocol extension's member becomes the
    /// witness of another file's conformance, and an `appendInterpolation` rewrites every other lesson's `"\(n)"`;
    /// that lesson's wrong output then passed and was cached under its own key.
    ///
    /// The keyword shifts the rest of its line; the columns of compiler messages are shifted back
    /// (`authorColumn`). Returns the columns written at, by line.
    @discardableResult
    static func makeFilePrivate(
        _ lines: inout [String], code: String, kinds: [LineKind], hostLines: Set<Int>, ownTypes: Set<String> = []
    ) throws(MergedLessonFile.Refusal) -> [Int: [Int]] {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment }
        var depth = 0
        var insertions: [(line: Int, column: Int)] = []
        for k in tokens.indices {
            let t = tokens[k]
            if depth == 0, t.kind == .identifier, t.text == "extension", k + 1 < tokens.count, tokens[k + 1].kind == .identifier,
               !ownTypes.contains(tokens[k + 1].text), t.line < kinds.count, !kinds[t.line].isStatement,
               let access = try foreignExtensionAccess(tokens, k) {
                if access.isEmpty {
                    guard !hostLines.contains(t.line) else { throw .spliceOutsideDeclaration }
                    insertions.append((t.line, t.column))
                }
            }
            if depth == 0, t.kind == .identifier, ["func", "let", "var"].contains(t.text), t.line < kinds.count, !kinds[t.line].isStatement {
                // Back over this declaration's modifiers and attributes.
                var j = k - 1
                var access: String?
                while j >= 0, tokens[j].kind == .attribute || SnippetLayout.modifiers.contains(tokens[j].text) || ["static", "lazy", "mutating", "final"].contains(tokens[j].text) || tokens[j].text == ")" {
                    if tokens[j].text == ")" {
                        // `nonisolated(unsafe)`, `@available(…)`: back to the name before the parentheses.
                        while j >= 0, tokens[j].text != "(" { j -= 1 }
                        j -= 1
                        continue
                    }
                    if ["public", "private", "fileprivate", "internal", "open", "package"].contains(tokens[j].text) { access = tokens[j].text }
                    j -= 1
                }
                switch access {
                case nil:
                    guard !hostLines.contains(t.line) else { throw .spliceOutsideDeclaration }
                    insertions.append((t.line, t.column))
                case "private", "fileprivate": break
                default: throw .accessLevel
                }
            }
            if t.kind == .punctuation {
                if ["{", "(", "["].contains(t.text) { depth += 1 }
                if ["}", ")", "]"].contains(t.text) { depth = max(0, depth - 1) }
            }
        }
        for insertion in insertions.reversed() where insertion.line < lines.count {
            var scalars = Array(lines[insertion.line].unicodeScalars)
            let column = min(insertion.column, scalars.count)
            scalars.insert(contentsOf: MergedLessonFile.inserted.unicodeScalars, at: column)
            lines[insertion.line] = String(String.UnicodeScalarView(scalars))
        }
        return Dictionary(grouping: insertions, by: \.line).mapValues { $0.map(\.column) }
    }

    /// The access written before the extension at `k` ("" for none), or `nil` when it conforms (refused elsewhere:
    /// `foreignConformance`); refuses one whose body declares a type (a `fileprivate` type's runtime name names its file)
    /// or gives a member an access level of its own, and one that is not already private.
    static func foreignExtensionAccess(_ tokens: [SwiftLexer.Token], _ k: Int) throws(MergedLessonFile.Refusal) -> String? {
        var access = ""
        var j = k - 1
        while j >= 0, tokens[j].kind == .attribute || SnippetLayout.modifiers.contains(tokens[j].text) || tokens[j].text == ")" {
            if tokens[j].text == ")" {
                while j >= 0, tokens[j].text != "(" { j -= 1 }
                j -= 1
                continue
            }
            if ["public", "private", "fileprivate", "internal", "open", "package"].contains(tokens[j].text) { access = tokens[j].text }
            j -= 1
        }
        var open = k + 2
        while open < tokens.count, tokens[open].text != "{" {
            if tokens[open].text == ":" { return nil }
            open += 1
        }
        switch access {
        case "": break
        case "private", "fileprivate": return access
        default: throw .accessLevel
        }
        guard open < tokens.count, let close = SnippetLayout.matching(tokens, open: open) else { return access }
        var depth = 0
        for m in open..<close {
            let text = tokens[m].text
            if ["{", "(", "["].contains(text) { depth += 1 }
            if ["}", ")", "]"].contains(text) { depth -= 1 }
            guard depth == 1, tokens[m].kind == .identifier else { continue }
            if ["class", "struct", "enum", "actor", "protocol", "typealias", "public", "internal", "open", "package"].contains(text) {
                // `class func`/`class var` are members, not types.
                if text == "class", m + 1 < close, ["func", "var", "let", "subscript"].contains(tokens[m + 1].text) { continue }
                throw .foreignExtensionMember
            }
        }
        return access
    }

    /// The types a snippet declares at file scope (a nested type is reached through these).
    static func fileScopeTypeNames(in code: String) -> [String] {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment }
        var depth = 0
        var names: [String] = []
        for k in tokens.indices {
            let t = tokens[k]
            if depth == 0, t.kind == .identifier, ["class", "struct", "enum", "protocol", "typealias", "actor"].contains(t.text),
               k + 1 < tokens.count, tokens[k + 1].kind == .identifier {
                names.append(tokens[k + 1].text)
            }
            if t.kind == .punctuation {
                if ["{", "(", "["].contains(t.text) { depth += 1 }
                if ["}", ")", "]"].contains(t.text) { depth = max(0, depth - 1) }
            }
        }
        return names
    }

    /// Where spliced snippets go (as `render` places them), and which snippets are spliced.
    private func spliceInsertions(_ available: [Snippet]) -> (byHost: [Int: [(line: Int, column: Int, child: Int)]], spliced: Set<Int>) {
        var byHost: [Int: [(line: Int, column: Int, child: Int)]] = [:]
        var spliced: Set<Int> = []
        var hosts: [Snippet] = []
        for snippet in available {
            if let type = snippet.attributes.spliceInto {
                for host in hosts {
                    if let end = SnippetLayout.typeBodyEnd(named: type, in: code[host.index] ?? "") {
                        byHost[host.index, default: []].append((end.line, end.column, snippet.index))
                        spliced.insert(snippet.index)
                        break
                    }
                }
            }
            hosts.append(snippet)
        }
        return (byHost, spliced)
    }

    /// A line's place in a merged file; each file-scope variable declaration is numbered, so two never share a run.
    enum LineKind: Sendable, Hashable {
        case declaration, variable(Int), statement

        var isStatement: Bool { self == .statement }
    }

    /// Each line's place: a file-scope declaration, a file-scope variable, or a statement.
    static func lineKinds(_ layout: SnippetLayout, lineCount: Int, variablesAtFileScope: Bool) -> [LineKind] {
        var kinds = Array(repeating: LineKind.statement, count: lineCount)
        for range in layout.declarations { for l in range where l < lineCount { kinds[l] = .declaration } }
        if variablesAtFileScope {
            for (n, range) in layout.variables.enumerated() { for l in range where l < lineCount { kinds[l] = .variable(n) } }
        }
        return kinds
    }

    /// Runs of lines of one kind (one variable declaration each).
    static func runs(of kinds: [LineKind]) -> [Range<Int>] {
        var result: [Range<Int>] = []
        var start = 0
        for l in kinds.indices where l > 0 && kinds[l] != kinds[l - 1] {
            result.append(start..<l)
            start = l
        }
        if start < kinds.count { result.append(start..<kinds.count) }
        return result
    }

    /// The names a file-scope `let`/`var` declaration on `lines` binds: `let a = 1, (b, c) = f()`.
    /// A computed variable (no `=`) binds names but has nothing to initialize, so none are read.
    static func boundNames(in code: String, lines: Range<Int>) throws(MergedLessonFile.Refusal) -> [String] {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment && lines.contains($0.line) }
        guard let keyword = tokens.firstIndex(where: { $0.kind == .identifier && ($0.text == "let" || $0.text == "var") }) else {
            throw .variablePattern
        }
        var names: [String] = []
        var k = keyword + 1
        var initialized = false
        while k < tokens.count {
            // One binding: a name or a tuple of names, then up to the next comma at depth 0.
            if tokens[k].text == "(" {
                guard let close = SnippetLayout.matching(tokens, open: k) else { throw .variablePattern }
                let inner = tokens[(k + 1)..<close]
                guard inner.allSatisfy({ $0.kind == .identifier || $0.text == "," }) else { throw .variablePattern }
                names += inner.filter { $0.kind == .identifier && $0.text != "_" }.map(\.text)
                k = close + 1
            } else if tokens[k].kind == .identifier {
                if tokens[k].text != "_" { names.append(tokens[k].text) }
                k += 1
            } else {
                throw .variablePattern
            }
            var depth = 0
            var hasValue = false
            var computed = false
            while k < tokens.count {
                let t = tokens[k]
                if depth == 0, t.text == "{", !hasValue { computed = true }
                if ["(", "[", "{"].contains(t.text) { depth += 1 }
                if [")", "]", "}"].contains(t.text) { depth -= 1 }
                if depth == 0, t.text == "=" { hasValue = true }
                // `Dictionary<String, Int>`: a comma inside angle brackets is followed by a type, not by a binding.
                if depth == 0, t.text == ",", k + 1 < tokens.count {
                    let next = tokens[k + 1]
                    let after = k + 2 < tokens.count ? tokens[k + 2].text : ""
                    if next.text == "(" || (next.kind == .identifier && [":", "="].contains(after)) {
                        k += 1
                        break
                    }
                }
                k += 1
            }
            // `var field: UITextField?` starts as nil in any file.
            let optional = tokens[keyword].text == "var" && ["?", "!"].contains(tokens[k - 1].text)
            if !hasValue, !computed, !optional { throw .uninitializedVariable }
            initialized = initialized || hasValue || optional
        }
        return initialized ? names : []
    }
}
