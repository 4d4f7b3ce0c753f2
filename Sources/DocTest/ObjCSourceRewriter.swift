import LessonModel
import TutorbuildSupport

/// Rewrites the Objective-C parts of UIKit code (`@objc`, `@IBOutlet`, `#selector`, …) into Swift that
/// compiles on Linux, where Objective-C interoperability is disabled.
///
/// The page still shows the author's code; only the compiled program changes, and never by a line:
/// attributes become spaces of the same length, and `#selector(done(_:))` becomes
/// `Selector(_tutorbuildMethod: { (object: ViewController) in object.done(_:) }, swift: "done(_:)")`, a method
/// reference the model can call (see `Selector` in the model and docs/model.md, "Selectors"). A rewrite that changes
/// a line's length is recorded in a `ColumnMap`, so compiler columns map back to what the author wrote. The lesson's
/// `@objc` methods are also listed (`MethodTable`), for the program to declare to the model's method table.
struct ObjCSourceRewriter {
    /// Where a rewritten line's columns came from.
    struct ColumnMap: Sendable, Hashable {
        /// A replaced stretch of one line: 0-based byte columns in the original and in the rewritten line.
        struct Segment: Sendable, Hashable {
            var original: Range<Int>
            var rewritten: Range<Int>
        }

        /// Segments by 0-based line, in column order.
        var lines: [Int: [Segment]] = [:]

        /// The author's 1-based byte column for a 1-based line and byte column of the rewritten code; a column
        /// inside generated text maps to the start of what it replaced.
        func originalColumn(line: Int, column: Int) -> Int {
            guard let segments = lines[line - 1] else { return column }
            let c = column - 1
            var delta = 0
            for segment in segments {
                if c < segment.rewritten.lowerBound { break }
                if c < segment.rewritten.upperBound { return segment.original.lowerBound + 1 }
                delta = segment.rewritten.upperBound - segment.original.upperBound
            }
            return c - delta + 1
        }
    }

    /// A method of a class the lesson declares, as far as selectors need to know it.
    struct Method: Hashable {
        var type: String
        var base: String
        var labels: [String]
        /// The name given with `@objc(name)`.
        var explicitName: String?
        /// `@objc`, `@IBAction`, `@objcMembers` or an override: a selector can name it.
        var exposed: Bool
        /// Declared directly in a type body at the top level of its snippet (so `Type.method` names it anywhere).
        var topLevel: Bool
        var snippet: Int
        /// 0-based line of `func` in the snippet.
        var line: Int = 0
        /// The type's name from file scope (`Outer.Inner`), when every enclosing scope is a non-generic class,
        /// extension or other type (not a function body), so generated code at file scope can name it.
        var fileScopeType: String?
        /// An instance method with 0–2 parameters, not generic, `async` or `throws`: the model can call it.
        var callable: Bool = false
        /// An `override`: the overridden method's entry already runs it.
        var isOverride: Bool = false

        var swiftName: String { base + "(" + labels.map { $0 + ":" }.joined() + ")" }

        /// Whether the method may have the Objective-C name `name` (the model decides exactly).
        func mayBeNamed(_ name: String) -> Bool {
            if let explicitName { return explicitName == name }
            return name.hasPrefix(base) && name.filter { $0 == ":" }.count == labels.count
        }
    }

    struct Edit {
        var range: Range<Int>
        var replacement: String
    }

    private(set) var code: [Int: String]
    private(set) var columnMaps: [Int: ColumnMap] = [:]
    private var methods: [Method] = []
    /// Names of the structs, enums, protocols and actors the lesson declares: their extensions hold no Objective-C methods.
    private var valueTypes: Set<String> = []
    /// Names of the lesson's properties (`var`/`let`): `name?(…)` on one calls an optional closure.
    private(set) var properties: Set<String> = []
    /// Names of the `optional func` requirements of the lesson's own protocols.
    private(set) var optionalRequirements: Set<String> = []

    /// The lesson's methods that selectors find by name (`ObjCMethodTable` in the model).
    var methodTable: MethodTable { MethodTable(methods: methods, valueTypes: valueTypes) }
    private static let valueTypeKeywords: Set<String> = ["struct", "enum", "protocol", "actor"]

    /// Attributes that mean nothing without the Objective-C runtime (Interface Builder's included).
    static let blankedAttributes: Set<String> = [
        "@objc", "@objcMembers", "@IBOutlet", "@IBAction", "@IBInspectable", "@IBDesignable", "@IBSegueAction",
        "@GKInspectable",
    ]
    private static let modifiers: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "final", "override", "dynamic", "static", "class",
        "required", "convenience", "nonisolated", "package", "weak", "unowned", "lazy", "optional",
    ]
    private static let typeKeywords: Set<String> = ["class", "struct", "enum", "extension", "protocol", "actor"]

    /// Whether `code` has anything this type rewrites (a cheap test, so most snippets are not lexed again).
    static func mayRewrite(_ code: String) -> Bool {
        code.containsBytes("@objc") || code.containsBytes("@IB") || code.containsBytes("@GKInspectable") || changesColumns(code)
            || mayDeclareCell(code) || overridesEditAction(code)
    }

    /// Whether `code` may hold a `#Preview`, which becomes a function that is never called (see `previewEdits`).
    static func mayHavePreview(_ code: String) -> Bool { code.containsBytes("#Preview") }

    /// Whether `code` may override a standard edit action (`override func paste(`…), which the method table must list
    /// even when no selector is written: the edit menu and `sendAction` find the action by name (docs/model.md, "Edit
    /// menus").
    static func overridesEditAction(_ code: String) -> Bool {
        code.containsBytes("override func ") && standardEditActionNames.contains { code.contains("func \($0)(") }
    }

    private static let standardEditActionNames = [
        "cut", "copy", "paste", "pasteAndMatchStyle", "select", "selectAll", "delete",
        "makeTextWritingDirectionLeftToRight", "makeTextWritingDirectionRightToLeft", "toggleBoldface",
        "toggleItalics", "toggleUnderline", "increaseSize", "decreaseSize",
    ]

    /// Whether a rewrite of `code` may change the length of a line (selectors); attributes keep it.
    static func changesColumns(_ code: String) -> Bool {
        mayHavePreview(code) || changesSelectorColumns(code)
    }

    /// Whether `code` may hold a selector or optional-requirement rewrite, which needs the lesson's methods.
    static func changesSelectorColumns(_ code: String) -> Bool {
        code.containsBytes("selector") || code.containsBytes("Selector(") || code.containsBytes("?(")
            || code.containsBytes("AnyObject)")
    }

    /// Rewrites the code of every snippet of one document (`code` by snippet index).
    init(code: [Int: String], snippets: [Snippet]) {
        self.code = code
        let candidates = snippets.filter { Self.mayRewrite(code[$0.index] ?? "") }
        guard !candidates.isEmpty else { return }
        var tokens: [Int: [SwiftLexer.Token]] = [:]
        if snippets.contains(where: { Self.changesSelectorColumns(code[$0.index] ?? "") || Self.overridesEditAction(code[$0.index] ?? "") }) {
            for snippet in snippets {
                let t = SwiftLexer.tokens(code[snippet.index] ?? "").filter { $0.kind != .comment }
                tokens[snippet.index] = t
                collectMethods(t, snippet: snippet)
            }
        }
        for snippet in candidates {
            let source = code[snippet.index] ?? ""
            let t = tokens[snippet.index] ?? SwiftLexer.tokens(source).filter { $0.kind != .comment }
            let edits = rewrites(t, snippet: snippet) + (Self.mayDeclareCell(source) ? Self.registeredCellEdits(t) : [])
            guard !edits.isEmpty else { continue }
            let (text, map) = Self.apply(edits, to: source)
            self.code[snippet.index] = text
            if !map.lines.isEmpty { columnMaps[snippet.index] = map }
        }
    }

    // MARK: Declarations

    /// A walk over a snippet's tokens that knows which type body each token is in.
    private struct Scope {
        /// A type body (`kind` is its keyword; `nameable` unless it is generic or a private nested type, which
        /// code at file scope cannot name) or any other braces.
        enum Frame { case type(String, exposesMembers: Bool, kind: String, nameable: Bool), other }
        var frames: [Frame]
        var pendingType: (name: String, exposes: Bool, kind: String, nameable: Bool)?

        init(snippet: Snippet) {
            frames = snippet.attributes.spliceInto.map { [.type($0, exposesMembers: false, kind: "extension", nameable: true)] } ?? []
        }

        /// The innermost type around the current token, with whether it is the snippet's outermost scope.
        var innermostType: (name: String, exposes: Bool, direct: Bool, topLevel: Bool)? {
            for (k, frame) in frames.enumerated().reversed() {
                if case .type(let name, let exposes, _, _) = frame {
                    return (name, exposes, k == frames.count - 1, k == 0)
                }
            }
            return nil
        }

        /// The innermost type's name from file scope, if it is a class or an extension that generated code at file
        /// scope can name: nested in types only, none of them generic.
        var fileScopeType: String? {
            var names: [String] = []
            var kind = ""
            for frame in frames {
                guard case .type(let name, _, let k, let nameable) = frame, nameable else { return nil }
                names.append(name)
                kind = k
            }
            guard !names.isEmpty, kind == "class" || kind == "extension" else { return nil }
            return names.joined(separator: ".")
        }

        var depth: Int { frames.count }

        mutating func step(_ tokens: [SwiftLexer.Token], _ k: Int) {
            let token = tokens[k]
            if token.kind == .identifier, ObjCSourceRewriter.typeKeywords.contains(token.text), k + 1 < tokens.count,
               tokens[k + 1].kind == .identifier, !ObjCSourceRewriter.modifiers.contains(tokens[k + 1].text),
               !["func", "var", "let", "subscript", "init", "deinit", "case", "typealias"].contains(tokens[k + 1].text)
            {
                var name = tokens[k + 1].text
                var j = k + 2
                while j + 1 < tokens.count, tokens[j].text == ".", tokens[j + 1].kind == .identifier {
                    name += "." + tokens[j + 1].text
                    j += 2
                }
                let attributes = ObjCSourceRewriter.attributes(before: k, in: tokens)
                let generic = j < tokens.count && (tokens[j].text == "<" || tokens[j].text == "where")
                let hidden = !frames.isEmpty && (attributes.contains("private") || attributes.contains("fileprivate"))
                pendingType = (
                    name, attributes.contains("@objcMembers") || (token.text == "extension" && attributes.contains("@objc")),
                    token.text, !generic && !hidden)
            }
            guard token.kind == .punctuation else { return }
            if token.text == "{" {
                if let pending = pendingType {
                    frames.append(.type(pending.name, exposesMembers: pending.exposes, kind: pending.kind, nameable: pending.nameable))
                    pendingType = nil
                } else {
                    frames.append(.other)
                }
            } else if token.text == "}" {
                if !frames.isEmpty { frames.removeLast() }
            } else if token.text == ";" {
                pendingType = nil
            }
        }
    }

    /// Attributes (with their arguments) and modifiers right before the declaration keyword at `k`.
    private static func attributes(before k: Int, in tokens: [SwiftLexer.Token]) -> [String] {
        var found: [String] = []
        var j = k - 1
        while j >= 0 {
            let t = tokens[j]
            if t.kind == .attribute || (t.kind == .identifier && modifiers.contains(t.text)) {
                found.append(t.text)
                j -= 1
            } else if t.text == ")" {
                // An attribute's arguments, as in `@objc(done:)`.
                var depth = 0
                var open = j
                while open >= 0 {
                    if tokens[open].text == ")" { depth += 1 }
                    if tokens[open].text == "(" { depth -= 1; if depth == 0 { break } }
                    open -= 1
                }
                guard open > 0, tokens[open - 1].kind == .attribute else { return found }
                found.append(tokens[open - 1].text + "(" + tokens[(open + 1)..<j].map(\.text).joined() + ")")
                j = open - 2
            } else {
                break
            }
        }
        return found
    }

    private mutating func collectMethods(_ tokens: [SwiftLexer.Token], snippet: Snippet) {
        var scope = Scope(snippet: snippet)
        for k in tokens.indices {
            if tokens[k].kind == .identifier, tokens[k].text == "func", k + 2 < tokens.count,
               tokens[k + 1].kind == .identifier, let type = scope.innermostType, type.direct,
               let open = tokens[(k + 2)...].firstIndex(where: { $0.text == "(" || $0.text == "{" }), tokens[open].text == "(",
               let close = SnippetLayout.matching(tokens, open: open)
            {
                let attributes = Self.attributes(before: k, in: tokens)
                let explicit = attributes.first { $0.hasPrefix("@objc(") }.map { String($0.dropFirst(6).dropLast()) }
                let exposed = type.exposes || explicit != nil || attributes.contains { ["@objc", "@IBAction", "@IBSegueAction", "override"].contains($0) }
                let labels = Self.labels(tokens, open: open, close: close)
                let effects = tokens[(close + 1)...].prefix { !["{", "->", "where"].contains($0.text) }.map(\.text)
                let callable = open == k + 2 && labels.count <= 2 && !attributes.contains("static") && !attributes.contains("class")
                    && !effects.contains { ["async", "throws", "rethrows"].contains($0) }
                methods.append(Method(
                    type: type.name, base: tokens[k + 1].text, labels: labels,
                    explicitName: explicit, exposed: exposed, topLevel: type.topLevel && snippet.attributes.spliceInto == nil,
                    snippet: snippet.index, line: tokens[k].line, fileScopeType: scope.fileScopeType, callable: callable,
                    isOverride: attributes.contains("override")))
            } else if tokens[k].kind == .identifier, ["var", "let"].contains(tokens[k].text), k + 1 < tokens.count,
                      tokens[k + 1].kind == .identifier
            {
                properties.insert(tokens[k + 1].text)
            } else if tokens[k].text == "optional", k + 2 < tokens.count, tokens[k + 1].text == "func",
                      tokens[k + 2].kind == .identifier
            {
                optionalRequirements.insert(tokens[k + 2].text)
            } else if tokens[k].kind == .identifier, Self.valueTypeKeywords.contains(tokens[k].text), k + 1 < tokens.count,
                      tokens[k + 1].kind == .identifier
            {
                valueTypes.insert(tokens[k + 1].text)
            }
            scope.step(tokens, k)
        }
    }

    /// The argument labels of a parameter list between `open` and `close`.
    private static func labels(_ tokens: [SwiftLexer.Token], open: Int, close: Int) -> [String] {
        var labels: [String] = []
        var depth = 0
        var names: [String] = []
        var seenColon = false
        for j in (open + 1)..<close {
            let t = tokens[j]
            // Generic arguments (`[String: Int]`, `Dictionary<K, V>`) hold commas too; `->` is not a bracket.
            if ["(", "["].contains(t.text) || (t.text == "<" && tokens[j - 1].kind == .identifier) { depth += 1 }
            if [")", "]"].contains(t.text) || (t.text == ">" && tokens[j - 1].text != "-" && depth > 0) { depth -= 1 }
            guard depth == 0 else { continue }
            if t.text == "," {
                if let first = names.first { labels.append(first) }
                names = []
                seenColon = false
            } else if t.text == ":" {
                seenColon = true
            } else if !seenColon, t.kind == .identifier {
                names.append(t.text)
            }
        }
        if let first = names.first { labels.append(first) }
        return labels
    }

    // MARK: Rewrites

    private func rewrites(_ tokens: [SwiftLexer.Token], snippet: Snippet) -> [Edit] {
        var edits: [Edit] = []
        var scope = Scope(snippet: snippet)
        var defaults = ProtocolDefaults()
        var k = 0
        while k < tokens.count {
            let t = tokens[k]
            if let edit = defaults.step(tokens, k, scope: scope) {
                edits.append(edit)
            } else if t.text == "?", let optional = optionalRequirementEdits(tokens, question: k) {
                edits += optional
            } else if t.text == ")", let edit = Self.anyObjectEdit(tokens, close: k) {
                edits.append(edit)
            } else if t.kind == .attribute, Self.blankedAttributes.contains(t.text) {
                var end = t.end
                if k + 1 < tokens.count, tokens[k + 1].text == "(", tokens[k + 1].start == t.end,
                   let close = SnippetLayout.matching(tokens, open: k + 1), tokens[close].line == t.line
                {
                    end = tokens[close].end
                }
                edits.append(Edit(range: t.start..<end, replacement: String(repeating: " ", count: end - t.start)))
            } else if t.text == "#", k + 2 < tokens.count, tokens[k + 1].text == "selector", tokens[k + 1].start == t.end,
                      tokens[k + 2].text == "(", let close = SnippetLayout.matching(tokens, open: k + 2),
                      let selector = selectorEdits(tokens, hash: k, close: close, scope: scope)
            {
                edits += selector
            } else if t.text == "#", k + 1 < tokens.count, tokens[k + 1].text == "Preview", tokens[k + 1].start == t.end,
                      scope.depth == 0, let preview = Self.previewEdits(tokens, hash: k, snippet: snippet.index)
            {
                edits += preview
            } else if t.kind == .identifier, t.text == "Selector", k + 3 < tokens.count, k == 0 || tokens[k - 1].text != ".",
                      tokens[k + 1].text == "(", tokens[k + 2].kind == .string, tokens[k + 3].text == ")",
                      let edit = stringSelectorEdit(tokens[k + 2], close: tokens[k + 3], scope: scope, snippet: snippet.index)
            {
                edits.append(edit)
            }
            scope.step(tokens, k)
            k += 1
        }
        return edits
    }

    /// `#Preview(…) { … }` at file scope as `@MainActor func _tutorbuildPreview_S_L() { _tutorbuildPreview(…) { … } }`: the
    /// model's `_tutorbuildPreview` overloads take the macros' parameters (docs/doctest.md, "Previews"), so the body is
    /// type-checked as Xcode checks the macro's arguments, and nothing calls the function, as no build runs a preview.
    /// `@Previewable` at the body's root scope becomes spaces (its `@State` stays a local property wrapper). `nil` (an
    /// unclosed or unusual form) leaves `#Preview` to the compiler, which knows no such macro: a loud error.
    static func previewEdits(_ tokens: [SwiftLexer.Token], hash: Int, snippet: Int) -> [Edit]? {
        var j = hash + 2
        var last: Int?
        if j < tokens.count, tokens[j].text == "(" {
            guard let close = SnippetLayout.matching(tokens, open: j) else { return nil }
            last = close
            j = close + 1
        }
        var edits: [Edit] = []
        if j < tokens.count, tokens[j].text == "{" {
            guard let close = SnippetLayout.matching(tokens, open: j) else { return nil }
            var depth = 0
            for m in j..<close {
                let u = tokens[m]
                if u.kind == .punctuation, ["{", "(", "["].contains(u.text) { depth += 1 }
                if u.kind == .punctuation, ["}", ")", "]"].contains(u.text) { depth -= 1 }
                if depth == 1, u.kind == .attribute, u.text == "@Previewable" {
                    edits.append(Edit(range: u.start..<u.end, replacement: String(repeating: " ", count: u.end - u.start)))
                }
            }
            last = close
        }
        guard let last else { return nil }
        let name = tokens[hash + 1]
        let function = "_tutorbuildPreview_\(snippet)_\(tokens[hash].line + 1)"
        return [Edit(range: tokens[hash].start..<name.end, replacement: "@MainActor func \(function)() { _tutorbuildPreview")]
            + edits + [Edit(range: tokens[last].end..<tokens[last].end, replacement: " }")]
    }

    /// `#selector(…)` as a `Selector` made from a method reference; `nil` leaves a form the model cannot run
    /// to the compiler, whose error says `#selector` needs the Objective-C runtime.
    private func selectorEdits(_ tokens: [SwiftLexer.Token], hash: Int, close: Int, scope: Scope) -> [Edit]? {
        var k = hash + 3
        var accessor: String?
        if k + 1 < close, ["getter", "setter"].contains(tokens[k].text), tokens[k + 1].text == ":" {
            accessor = tokens[k].text
            k += 2
        }
        // `A.b.c` then, for a method, an optional `(label:label:)`.
        guard k < close, tokens[k].kind == .identifier else { return nil }
        var path = [k]
        var j = k + 1
        while j + 1 < close, tokens[j].text == ".", tokens[j + 1].kind == .identifier {
            path.append(j + 1)
            j += 2
        }
        var labels: [String]?
        if accessor == nil, j < close, tokens[j].text == "(" {
            guard SnippetLayout.matching(tokens, open: j) == close - 1 else { return nil }
            var found: [String] = []
            var m = j + 1
            while m + 1 < close - 1, tokens[m].kind == .identifier, tokens[m + 1].text == ":" {
                found.append(tokens[m].text)
                m += 2
            }
            guard m == close - 1 else { return nil }
            labels = found
            j = close
        }
        guard j == close else { return nil }
        let first = tokens[path[0]]
        let base = tokens[path.last!].text
        let qualifier = path.dropLast().map { tokens[$0].text }
        let enclosing = qualifier.isEmpty || qualifier == ["self"]
        if accessor == nil, !enclosing, qualifier.count == 1, qualifier[0].first?.isLowercase == true,
           tokens[hash].line == tokens[path.last!].line
        {
            return valueSelectorEdits(tokens, hash: hash, close: close, path: path, labels: labels)
        }
        guard let type = enclosing ? scope.innermostType?.name : qualifier.last,
              enclosing || qualifier[0].first?.isUppercase == true else { return nil }
        // The opening `#selector(` and any `getter:` or type name must sit on one line, so no line moves.
        guard tokens[hash].line == first.line, tokens[hash].line == tokens[path.last!].line else { return nil }
        if let accessor {
            var edits: [Edit] = []
            if enclosing {
                // A key path through `Self` compiles but cannot be demangled at run time: name the type instead.
                let range = qualifier.isEmpty ? first.start..<first.start : first.start..<first.end
                edits.append(Edit(range: range, replacement: "\\" + type + (qualifier.isEmpty ? "." : "")))
            } else {
                edits.append(Edit(range: first.start..<first.start, replacement: "\\"))
            }
            let objc = accessor == "getter" ? base : "set" + base.prefix(1).uppercased() + base.dropFirst() + ":"
            edits.insert(Edit(range: tokens[hash].start..<first.start, replacement: "Selector(_tutorbuild\(accessor.capitalized): "), at: 0)
            edits.append(Edit(range: tokens[close].start..<tokens[close].end, replacement: ", objc: \"\(objc)\")"))
            return edits
        }
        // A closure around the method reference (`{ (object: Type) in object.done }`) keeps the isolation of the code
        // around it; a bare `Type.done` is a nonisolated thunk, which Swift 5 mode warns about for a main-actor method.
        let found = resolve(base: base, labels: labels, type: type)
        let label = found.exposed ? "_tutorbuildMethod" : "_tutorbuildNotExposed"
        let head = qualifier.isEmpty ? tokens[hash + 2].end : tokens[path.last! - 1].end
        // The enclosing type by name, not `Self`, which a stored property's initializer cannot use.
        // UIResponderStandardEditActions's methods are optional requirements, not something a closure can take an
        // existential of: UIResponder adopts the protocol and declares each of them, so the reference goes through it.
        let written = qualifier.joined(separator: ".")
        let name = enclosing ? type : written == "UIResponderStandardEditActions" ? "UIResponder" : written
        let tail = found.explicitName.map { ", objc: \"\($0)\")" } ?? ", swift: \"\(found.swiftName)\")"
        return [
            Edit(range: tokens[hash].start..<head, replacement: "Selector(\(label): { (object: \(name)) in object."),
            Edit(range: tokens[close].start..<tokens[close].end, replacement: " }" + tail),
        ]
    }

    /// `#selector(subscription.trigger)`: a method named through a value, whose static type Swift uses; the value is
    /// passed to a generic helper so the closure's parameter gets that type without the rewriter knowing it.
    private func valueSelectorEdits(_ tokens: [SwiftLexer.Token], hash: Int, close: Int, path: [Int], labels: [String]?) -> [Edit] {
        let found = resolve(base: tokens[path.last!].text, labels: labels, type: "")
        let label = found.exposed ? "_tutorbuildMethod" : "_tutorbuildNotExposed"
        let dot = tokens[path.last! - 1]
        let tail = found.explicitName.map { ", objc: \"\($0)\")" } ?? ", swift: \"\(found.swiftName)\")"
        return [
            Edit(range: tokens[hash].start..<tokens[path[0]].start, replacement: "Selector(\(label): _tutorbuildMethodOf("),
            Edit(range: dot.start..<dot.end, replacement: ") { object in object."),
            Edit(range: tokens[close].start..<tokens[close].end, replacement: " }" + tail),
        ]
    }

    /// The lesson's method a selector names: in `type` first, then anywhere; the bare name when unknown
    /// (the model then counts the parameters).
    private func resolve(base: String, labels: [String]?, type: String) -> (swiftName: String, explicitName: String?, exposed: Bool) {
        func matching(_ m: Method) -> Bool { m.base == base && (labels == nil || m.labels == labels!) }
        let inType = methods.filter { $0.type == type && matching($0) }
        let pool = inType.isEmpty ? methods.filter(matching) : inType
        let spelled = labels.map { base + "(" + $0.map { $0 + ":" }.joined() + ")" }
        guard let method = pool.first, Set(pool.map { $0.explicitName ?? $0.swiftName }).count == 1 else {
            return (spelled ?? base, nil, true)
        }
        // Only a method of the named type, with no exposed overload, is known to be unreachable.
        let exposed = inType.isEmpty || inType.contains(where: \.exposed)
        return (spelled ?? method.swiftName, method.explicitName, exposed)
    }

    /// `Selector("done:")` with the lesson's methods of that name that the code can name here.
    private func stringSelectorEdit(_ literal: SwiftLexer.Token, close: SwiftLexer.Token, scope: Scope, snippet: Int) -> Edit? {
        guard literal.text.hasPrefix("\""), !literal.text.hasPrefix("\"\"\""), !literal.text.containsBytes("\\"),
              literal.text.count >= 2 else { return nil }
        let name = String(literal.text.dropFirst().dropLast())
        let enclosing = scope.innermostType?.name
        var references: [String] = []
        for method in methods where method.exposed && method.callable && method.mayBeNamed(name) {
            let objc = method.explicitName.map { ", objc: \"\($0)\")" } ?? ", swift: \"\(method.swiftName)\")"
            if method.type == enclosing || (method.topLevel && method.snippet == snippet) {
                references.append("Selector(_tutorbuildMethod: \(Self.reference(to: method, in: method.type))\(objc)")
            }
        }
        guard !references.isEmpty else { return nil }
        return Edit(range: close.start..<close.end, replacement: ", _tutorbuildCandidates: [\(references.joined(separator: ", "))])")
    }

    /// Applies `edits` (sorted, not overlapping, none across a line break) and records the column map.
    private static func apply(_ edits: [Edit], to source: String) -> (String, ColumnMap) {
        let bytes = Array(source.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + edits.count * 32)
        var map = ColumnMap()
        var k = 0
        var line = 0
        var lineStart = 0
        var outLineStart = 0
        for edit in edits.sorted(by: { $0.range.lowerBound < $1.range.lowerBound }) where edit.range.lowerBound >= k {
            for byte in bytes[k..<edit.range.lowerBound] {
                out.append(byte)
                if byte == 0x0A {
                    line += 1
                    outLineStart = out.count
                }
            }
            if let newline = bytes[k..<edit.range.lowerBound].lastIndex(of: 0x0A) { lineStart = newline + 1 }
            let replacement = Array(edit.replacement.utf8)
            if replacement.count != edit.range.count {
                let original = (edit.range.lowerBound - lineStart)..<(edit.range.upperBound - lineStart)
                let start = out.count - outLineStart
                map.lines[line, default: []].append(.init(original: original, rewritten: start..<(start + replacement.count)))
            }
            out += replacement
            k = edit.range.upperBound
        }
        out += bytes[k...]
        return (String(decoding: out, as: UTF8.self), map)
    }
}

extension ObjCSourceRewriter {
    /// The lesson's exposed methods, declared to the model's per-class method table when the program starts, so a
    /// selector finds the method of its name on whatever object receives it, as the Objective-C runtime does
    /// (docs/model.md, "Selectors").
    struct MethodTable: Sendable, Hashable {
        fileprivate var methods: [Method]
        fileprivate var valueTypes: Set<String>

        /// For the snippets in `included`: statements declaring the methods, to run first (`start`), and the
        /// extensions that name them (`end`), to put after the snippets. Each is located at the method's `func`
        /// line, so a problem with one points at the method. Inside an extension of its own type, generated code
        /// can reach a `private` method.
        func declarations(for included: Set<Int>) -> (start: String, end: String) {
            let usable = methods.filter { method in
                guard method.exposed, method.callable, !method.isOverride || ObjCSourceRewriter.isStandardEditAction(method),
                      included.contains(method.snippet),
                      let type = method.fileScopeType,
                      let last = type.split(separator: ".").last else { return false }
                return !valueTypes.contains(String(last))
            }
            // Overloads of one Swift name cannot be named without their types: leave them to the selector's own reference.
            let counts = Dictionary(grouping: usable, by: { [$0.fileScopeType!, $0.swiftName] }).mapValues(\.count)
            var start = ""
            var end = ""
            for (n, method) in usable.enumerated() where counts[[method.fileScopeType!, method.swiftName]] == 1 {
                let type = method.fileScopeType!
                let location = "#sourceLocation(file: \"\(LessonProgram.virtualFile(method.snippet))\", line: \(method.line + 1))\n"
                let function = "_tutorbuildObjC\(n)"
                start += location + "Selector._tutorbuildDeclare([\(type).\(function)()], in: \(type).self)\n#sourceLocation()\n"
                end += location + "extension \(type) { @MainActor static func \(function)() -> Selector { "
                    + "Selector(_tutorbuildMethod: \(ObjCSourceRewriter.reference(to: method, in: type)), "
                    + (method.explicitName.map { "objc: \"\($0)\"" } ?? "swift: \"\(method.swiftName)\"") + ") } }\n#sourceLocation()\n"
            }
            return (start, end)
        }

    }

    /// An override of one of UIResponder's standard edit actions (`paste(_:)`, …): UIResponder only declares them, so
    /// the overriding class is the one that implements the action and must be in the table (docs/model.md, "Edit
    /// menus").
    fileprivate static func isStandardEditAction(_ method: Method) -> Bool {
        method.labels == ["_"] && standardEditActionNames.contains(method.base)
    }

    /// The method as a closure from an instance (`{ (object: Type) in object.done(_:) }`), which keeps the isolation of
    /// the code around it; one without parameters is called by name (`{ object.done() }`), as its bare name could also
    /// name an inherited method with parameters (`dismiss` and `dismiss(animated:completion:)`).
    fileprivate static func reference(to method: Method, in type: String) -> String {
        method.labels.isEmpty
            ? "{ (object: \(type)) in { object.\(method.base)() } }"
            : "{ (object: \(type)) in object.\(method.swiftName) }"
    }
}

extension ObjCSourceRewriter {
    /// A lesson's `@objc protocol` with `optional func` requirements: `optional` becomes spaces and, after the
    /// protocol's closing brace on the same line, an extension gives each such requirement a default that tells the
    /// model it is not implemented (`_tutorbuildNotImplemented()`), so `object.method?(…)` is nil as in Xcode.
    private struct ProtocolDefaults {
        private var signatures: [String] = []
        private var protocolName: String?

        mutating func step(_ tokens: [SwiftLexer.Token], _ k: Int, scope: Scope) -> Edit? {
            let t = tokens[k]
            guard let type = scope.innermostType, type.direct, scope.frames.count == 1,
                  case .type(_, _, let kind, _) = scope.frames[0], kind == "protocol" else { return nil }
            if t.text == "optional", k + 2 < tokens.count, tokens[k + 1].text == "func", tokens[k + 2].kind == .identifier {
                protocolName = type.name
                signatures.append(Self.signature(tokens, from: k + 1))
                return Edit(range: t.start..<t.end, replacement: String(repeating: " ", count: t.end - t.start))
            }
            guard t.text == "}", let name = protocolName, !signatures.isEmpty else { return nil }
            let bodies = signatures.map { $0 + " { return _tutorbuildNotImplemented() }" }.joined(separator: "; ")
            signatures = []
            protocolName = nil
            return Edit(range: t.end..<t.end, replacement: "; extension \(name) { \(bodies) }")
        }

        /// The requirement's declaration from `func` to the next declaration or the protocol's end, on one line.
        private static func signature(_ tokens: [SwiftLexer.Token], from start: Int) -> String {
            let stops: Set<String> = [
                "func", "var", "let", "init", "subscript", "associatedtype", "typealias", "optional", "static", "}", ";",
            ]
            var depth = 0
            var text = ""
            var j = start
            while j < tokens.count {
                let t = tokens[j]
                if depth == 0, j > start, stops.contains(t.text) || t.kind == .attribute { break }
                if ["(", "["].contains(t.text) { depth += 1 }
                if [")", "]"].contains(t.text) { depth -= 1 }
                if j > start, t.start > tokens[j - 1].end { text += " " }
                text += t.text
                j += 1
            }
            return text
        }
    }
}
