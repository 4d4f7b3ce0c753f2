import Foundation

/// The pre-filter: whether a program's text may use a declaration iOS introduced after its deployment target, so that
/// only those programs pay for the AST check (`AvailabilityCheck`) and are compiled alone. It may say yes wrongly,
/// never no wrongly: a missed use would let a program Xcode rejects pass.
extension IntroducedAPI {
    /// Whether `text` may use a declaration introduced after iOS `target`: the cheap test that lets every other
    /// program skip the check.
    ///
    /// A type, property or enum case newer than the target is a use wherever its word stands outside a declaration
    /// of that name (`func keyboardWillShow(`, `let name`). A newer function is one where a call's argument labels fit
    /// its parameters (a label a call must write is written; `post(name:object:)` is not `post(_:)`), where its
    /// compound name is written, or where its base name stands bare (`f = x.post`), unless the program declares a value
    /// of that name, which the bare word is then taken to be. Implementing or overriding it (`func textField(`) is not a
    /// use. A newer initializer is a use wherever the labels every call writes all occur: its type may be written
    /// as a subclass's name, `Self` or `.init`.
    func mentionsNewer(_ text: String, target: Int) -> Bool {
        let floor = Self.version(target)
        guard latest > floor else { return false }
        let found = Self.words(text)
        let present = { (label: String) in found.contains(Substring(label)) }
        let newerInitializers = initializers.filter { $0.introduced > floor }
        for initializer in newerInitializers where !initializer.requiredLabels.isEmpty && initializer.requiredLabels.allSatisfy(present) {
            return true
        }
        // `.init(…)`, `super.init(…)`, `T.init` (a function value, no labels): `init` is only used after a `.`.
        if !newerInitializers.isEmpty, found.contains("init") {
            for use in Self.occurrences(of: "init", in: text) where use.afterDot {
                switch use.kind {
                case .call(let labels?, false):
                    if newerInitializers.contains(where: { Self.fits(labels, $0.parameters) }) { return true }
                case .call(let labels?, true):
                    if newerInitializers.contains(where: { $0.parameters.map(\.label) == labels }) { return true }
                default: return true
                }
            }
        }
        for word in found {
            let key = String(word)
            if (words[key] ?? 0) > floor { return true }
            if (implicitMembers[key] ?? 0) > floor, Self.occurrences(of: key, in: text).contains(where: \.implicitMember) { return true }
            let property = (properties[key] ?? 0) > floor
            let newer = functions[key]?.filter { $0.introduced > floor } ?? []
            guard property || !newer.isEmpty else { continue }
            let uses = Self.occurrences(of: key, in: text)
            if property, uses.contains(where: { $0.kind != .declaration && $0.kind != .label && !$0.isCompoundName }) { return true }
            if newer.isEmpty { continue }
            let declaresValue = Self.declaresValue(named: key, in: text)
            for use in uses {
                switch use.kind {
                case .declaration, .notFunction, .label: continue
                case .bare: if !declaresValue { return true }
                case .call(let labels, let compound):
                    guard let labels else { return true }
                    if newer.contains(where: { compound ? $0.parameters.map(\.label) == labels : Self.fits(labels, $0.parameters) }) {
                        return true
                    }
                }
            }
        }
        return false
    }

    /// Whether a call writing `labels` inside its parentheses (`_` for none; trailing closures after them) may call a
    /// function with `parameters`. Said yes to whenever unsure: a parameter a call may leave out may also have been
    /// given by a trailing closure.
    static func fits(_ labels: [String], _ parameters: [Function.Parameter]) -> Bool {
        func match(_ p: Int, _ a: Int) -> Bool {
            if a == labels.count { return parameters[p...].allSatisfy(\.optional) }
            guard p < parameters.count else { return false }
            if parameters[p].optional, match(p + 1, a) { return true }
            guard parameters[p].label == labels[a] else { return false }
            // A variadic parameter takes its first argument with the label and any unlabelled ones after it.
            var next = a + 1
            if match(p + 1, next) { return true }
            while parameters[p].optional, next < labels.count, labels[next] == "_" {
                next += 1
                if match(p + 1, next) { return true }
            }
            return false
        }
        return match(0, 0)
    }

    /// Where a word stands.
    struct Occurrence: Equatable {
        enum Kind: Equatable {
            /// `func w(`, `let w`, `var w`, `case w`, `class w`…: the program declares it.
            case declaration
            /// `w.member`, `x: w` (a type annotation), `w = …`: a value, not a function.
            case notFunction
            /// `f(a, w: 1)`, `(_:w:)`, `func f(w name: T)`: an argument label, no use of anything named `w`.
            case label
            /// `w(a: 1, 2)`, `w?(…)`, `w { }`: the labels written, or `nil` when the call cannot be read; `compound`
            /// for a compound name `w(_:a:)`.
            case call(labels: [String]?, compound: Bool)
            /// Anything else: perhaps a function used as a value.
            case bare
        }
        var kind: Kind
        /// `x.w`, `.w`.
        var afterDot = false
        /// `.w` with nothing written right before the dot that it could be a member of (`(.w`, `= .w`, `case .w`; a chain
        /// continued on a new line, `\n    .w`, counts too, which only flags more).
        var implicitMember = false
        var isCompoundName: Bool {
            if case .call(_, true) = kind { return true }
            return false
        }
    }

    private static let declaringWords: Set<String> = [
        "func", "let", "var", "case", "class", "struct", "enum", "protocol", "typealias", "actor", "associatedtype",
    ]

    /// Every occurrence of the identifier `word` in `text`, with where it stands.
    static func occurrences(of word: String, in text: String) -> [Occurrence] {
        let bytes = Array(text.utf8), target = Array(word.utf8)
        var found: [Occurrence] = []
        var i = 0
        while i + target.count <= bytes.count {
            guard bytes[i] == target[0], Array(bytes[i..<(i + target.count)]) == target,
                  i == 0 || !isIdentifier(bytes[i - 1]), i + target.count == bytes.count || !isIdentifier(bytes[i + target.count])
            else { i += 1; continue }
            var p = i - 1
            while p >= 0, bytes[p] == UInt8(ascii: " ") || bytes[p] == UInt8(ascii: "\n") || bytes[p] == UInt8(ascii: "\t") { p -= 1 }
            let afterDot = p >= 0 && bytes[p] == UInt8(ascii: ".")
            let owner = afterDot && p > 0 ? bytes[p - 1] : UInt8(ascii: " ")
            let explicit = isIdentifier(owner) || (owner >= UInt8(ascii: "0") && owner <= UInt8(ascii: "9")) || Array(")]?!>\"".utf8).contains(owner)
            found.append(Occurrence(kind: kind(at: i, length: target.count, in: bytes), afterDot: afterDot, implicitMember: afterDot && !explicit))
            i += target.count
        }
        return found
    }

    private static func isIdentifier(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
    }

    /// The identifier that ends before `end` (skipping spaces), if any.
    private static func previousWord(before end: Int, in bytes: [UInt8]) -> String? {
        var j = end - 1
        while j >= 0, bytes[j] == UInt8(ascii: " ") || bytes[j] == UInt8(ascii: "\t") || bytes[j] == UInt8(ascii: "\n") { j -= 1 }
        let last = j
        while j >= 0, isIdentifier(bytes[j]) { j -= 1 }
        return last > j ? String(decoding: bytes[(j + 1)...last], as: UTF8.self) : nil
    }

    private static func kind(at start: Int, length: Int, in bytes: [UInt8]) -> Occurrence.Kind {
        var k = start + length
        while k < bytes.count, bytes[k] == UInt8(ascii: " ") || bytes[k] == UInt8(ascii: "\t") { k += 1 }
        if let before = previousWord(before: start, in: bytes), declaringWords.contains(before) {
            // `if let name {` unwraps a value of that name: a use.
            // `case w:` in a `switch` matches against a value of that name: a use.
            if before == "case" { return k < bytes.count && bytes[k] == UInt8(ascii: ":") ? .bare : .declaration }
            guard before == "let" || before == "var" else { return .declaration }
            return k < bytes.count && (bytes[k] == UInt8(ascii: "=") || bytes[k] == UInt8(ascii: ":")) ? .declaration : .bare
        }
        guard k < bytes.count else { return .bare }
        var c = bytes[k]
        // `delegate?.textField?(…)`: an optional requirement's call.
        if (c == UInt8(ascii: "?") || c == UInt8(ascii: "!")), k + 1 < bytes.count, bytes[k + 1] == UInt8(ascii: "(") {
            k += 1
            c = bytes[k]
        }
        switch c {
        case UInt8(ascii: "("):
            guard let (labels, compound) = arguments(from: k, in: bytes) else { return .call(labels: nil, compound: false) }
            return .call(labels: labels, compound: compound)
        case UInt8(ascii: "{"):
            return .call(labels: [], compound: false)
        case UInt8(ascii: "."):
            // A function value has no members but `self`.
            var m = k + 1
            while m < bytes.count, isIdentifier(bytes[m]) { m += 1 }
            let member = String(decoding: bytes[(k + 1)..<m], as: UTF8.self)
            return member.isEmpty || member == "self" ? .bare : .notFunction
        case UInt8(ascii: ":"):
            if k + 1 < bytes.count, bytes[k + 1] == UInt8(ascii: ":") { return .bare }
            // An argument label or a parameter: `f(a, w: 1)`, `(_:w:)`; not `[a: 1, w: 2]`, nor `c ? w : d`.
            var p = start - 1
            while p >= 0, bytes[p] == UInt8(ascii: " ") || bytes[p] == UInt8(ascii: "\n") || bytes[p] == UInt8(ascii: "\t") { p -= 1 }
            if p >= 0, [UInt8(ascii: "("), UInt8(ascii: ","), UInt8(ascii: ":")].contains(bytes[p]),
               enclosingBracket(before: start, in: bytes) == UInt8(ascii: "(") {
                return .label
            }
            // A type annotation; not the middle of `c ? a : b`.
            var lineStart = start
            while lineStart > 0, bytes[lineStart - 1] != UInt8(ascii: "\n") { lineStart -= 1 }
            let line = bytes[lineStart..<start]
            return line.contains(UInt8(ascii: "?")) ? .bare : .notFunction
        case UInt8(ascii: "="):
            // An assignment or a declaration's value: a method is never assigned to.
            return k + 1 < bytes.count && bytes[k + 1] == UInt8(ascii: "=") ? .bare : .notFunction
        default:
            // `w name:`: an external parameter name.
            var m = k
            while m < bytes.count, isIdentifier(bytes[m]) { m += 1 }
            while m < bytes.count, bytes[m] == UInt8(ascii: " ") { m += 1 }
            if m > k, isIdentifier(bytes[k]), m < bytes.count, bytes[m] == UInt8(ascii: ":"), m + 1 == bytes.count || bytes[m + 1] != UInt8(ascii: ":") {
                return .label
            }
            return .bare
        }
    }

    /// The innermost `(`, `[` or `{` left open before `end`.
    private static func enclosingBracket(before end: Int, in bytes: [UInt8]) -> UInt8? {
        var depth = 0
        var i = end - 1
        while i >= 0 {
            switch bytes[i] {
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): depth += 1
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"):
                if depth == 0 { return bytes[i] }
                depth -= 1
            default: break
            }
            i -= 1
        }
        return nil
    }

    /// The argument labels of the call whose `(` is at `open` (`_` for an unlabelled argument), and whether it is a
    /// compound name (`f(_:a:)`); `nil` when the text is not balanced.
    static func arguments(from open: Int, in bytes: [UInt8]) -> (labels: [String], compound: Bool)? {
        guard let close = matching(open, in: bytes) else { return nil }
        let inside = bytes[(open + 1)..<close]
        // A compound name: `_:a:b:`, no spaces.
        if !inside.isEmpty, inside.last == UInt8(ascii: ":"), inside.allSatisfy({ isIdentifier($0) || $0 == UInt8(ascii: ":") }) {
            return (inside.split(separator: UInt8(ascii: ":")).map { String(decoding: $0, as: UTF8.self) }, true)
        }
        var labels: [String] = []
        var readable = true
        var argumentStart = open + 1
        var i = open + 1
        var sawSomething = false
        func finish(_ end: Int) {
            var s = argumentStart
            while s < end, bytes[s] == UInt8(ascii: " ") || bytes[s] == UInt8(ascii: "\n") || bytes[s] == UInt8(ascii: "\t") { s += 1 }
            // `` `for`: ``, a comment: not read here.
            if s < end, bytes[s] == UInt8(ascii: "`") || bytes[s] == UInt8(ascii: "/") { readable = false }
            var e = s
            while e < end, isIdentifier(bytes[e]) { e += 1 }
            var c = e
            while c < end, bytes[c] == UInt8(ascii: " ") { c += 1 }
            let labelled = e > s && c < end && bytes[c] == UInt8(ascii: ":") && (c + 1 == end || bytes[c + 1] != UInt8(ascii: ":"))
            labels.append(labelled ? String(decoding: bytes[s..<e], as: UTF8.self) : "_")
        }
        while i < close {
            let c = bytes[i]
            if c == UInt8(ascii: "(") || c == UInt8(ascii: "[") || c == UInt8(ascii: "{") || c == UInt8(ascii: "\"") {
                guard let end = matching(i, in: bytes) else { return nil }
                i = end + 1
                sawSomething = true
                continue
            }
            if c == UInt8(ascii: ",") {
                finish(i)
                argumentStart = i + 1
            } else if c != UInt8(ascii: " ") && c != UInt8(ascii: "\n") && c != UInt8(ascii: "\t") {
                sawSomething = true
            }
            i += 1
        }
        if sawSomething { finish(close) }
        return readable ? (labels, false) : nil
    }

    /// The index of the bracket or quote that closes the one at `open`, skipping strings (and their interpolations)
    /// and nested brackets; `nil` when there is none.
    static func matching(_ open: Int, in bytes: [UInt8]) -> Int? {
        let pairs: [UInt8: UInt8] = [UInt8(ascii: "("): UInt8(ascii: ")"), UInt8(ascii: "["): UInt8(ascii: "]"), UInt8(ascii: "{"): UInt8(ascii: "}")]
        if bytes[open] == UInt8(ascii: "\"") {
            let triple = open + 2 < bytes.count && bytes[open + 1] == UInt8(ascii: "\"") && bytes[open + 2] == UInt8(ascii: "\"")
            var i = open + (triple ? 3 : 1)
            while i < bytes.count {
                let c = bytes[i]
                if c == UInt8(ascii: "\\") {
                    if i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "(") {
                        guard let end = matching(i + 1, in: bytes) else { return nil }
                        i = end + 1
                        continue
                    }
                    i += 2
                    continue
                }
                if c == UInt8(ascii: "\"") {
                    if !triple { return i }
                    if i + 2 < bytes.count, bytes[i + 1] == UInt8(ascii: "\""), bytes[i + 2] == UInt8(ascii: "\"") { return i + 2 }
                }
                if c == UInt8(ascii: "\n"), !triple { return nil }
                i += 1
            }
            return nil
        }
        guard let close = pairs[bytes[open]] else { return nil }
        var i = open + 1
        while i < bytes.count {
            let c = bytes[i]
            if c == close { return i }
            if pairs[c] != nil || c == UInt8(ascii: "\"") {
                guard let end = matching(i, in: bytes) else { return nil }
                i = end + 1
                continue
            }
            if pairs.values.contains(c) { return nil }
            i += 1
        }
        return nil
    }

    /// Whether `text` declares a value named `word`: `let word`, `var word`, a parameter's own name (`_ word:`,
    /// `for word:`), a closure's or loop's (`word in`).
    static func declaresValue(named word: String, in text: String) -> Bool {
        let bytes = Array(text.utf8), target = Array(word.utf8)
        var i = 0
        while i + target.count <= bytes.count {
            guard Array(bytes[i..<(i + target.count)]) == target,
                  i == 0 || !isIdentifier(bytes[i - 1]), i + target.count == bytes.count || !isIdentifier(bytes[i + target.count])
            else { i += 1; continue }
            if let before = previousWord(before: i, in: bytes) {
                if before == "let" || before == "var" { return true }
                // `_ word:` or `label word:`: a parameter; not `case word:` nor `return word:`.
                var k = i + target.count
                while k < bytes.count, bytes[k] == UInt8(ascii: " ") { k += 1 }
                var gap = i - 1
                while gap >= 0, bytes[gap] == UInt8(ascii: " ") { gap -= 1 }
                let adjacent = gap >= 0 && isIdentifier(bytes[gap]) && gap < i - 1
                if adjacent, k < bytes.count, bytes[k] == UInt8(ascii: ":"), !declaringWords.contains(before), before != "return", before != "in" {
                    return true
                }
            }
            var k = i + target.count
            while k < bytes.count, bytes[k] == UInt8(ascii: " ") { k += 1 }
            if k + 2 <= bytes.count, bytes[k] == UInt8(ascii: "i"), bytes[k + 1] == UInt8(ascii: "n"),
               k + 2 == bytes.count || !isIdentifier(bytes[k + 2]) {
                return true
            }
            i += target.count
        }
        return false
    }

    /// The identifiers of `text` (letters, digits and `_`, not starting with a digit).
    static func words(_ text: String) -> Set<Substring> {
        var found: Set<Substring> = []
        let utf8 = text.utf8
        var start: String.Index?
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            let letter = byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if letter || (digit && start != nil) {
                if start == nil { start = i }
            } else if let s = start {
                found.insert(text[s..<i])
                start = nil
            }
            i = utf8.index(after: i)
        }
        if let s = start { found.insert(text[s...]) }
        return found
    }
}
