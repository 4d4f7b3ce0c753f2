/// One declaration as a reader compares them: Apple's printed form or the model's symbol-graph form, normalised.
struct Declaration: Hashable, CustomStringConvertible {
    /// Where a declaration runs: `@MainActor`, explicitly `nonisolated`, or unstated (inherits nothing).
    enum Isolation: String { case mainActor = "@MainActor", nonisolated, none = "none" }

    /// The declaration without its isolation attribute, normalised (`Declaration.normalise`).
    let text: String
    let isolation: Isolation

    var description: String { isolation == .none ? text : "\(isolation.rawValue) \(text)" }

    /// The name with its argument labels (`insertSubview(_:at:)`, `frame`, `init(frame:)`): what two declarations
    /// of the same symbol share even when their types differ.
    var key: String { Declaration.key(of: text) }

    /// Splits a leading `@MainActor` / `nonisolated` off `printed` and normalises the rest.
    init(printed: String, inheritedIsolation: Isolation = .none) {
        var rest = Declaration.collapse(printed)
        var isolation = inheritedIsolation
        for (prefix, value) in [("@MainActor ", Isolation.mainActor), ("nonisolated ", .nonisolated), ("@preconcurrency ", nil)] {
            while rest.hasPrefix(prefix) {
                rest.removeFirst(prefix.count)
                if let value { isolation = value }
            }
        }
        self.text = Declaration.normalise(rest)
        self.isolation = isolation
    }

    init(text: String, isolation: Isolation) {
        self.text = text
        self.isolation = isolation
    }

    /// Whitespace runs become one space.
    static func collapse(_ text: String) -> String {
        text.split(whereSeparator: { $0 == " " || $0 == "\n" || $0 == "\t" }).joined(separator: " ")
    }

    /// Spellings that differ between Apple's pages and a Swift declaration of the same API while meaning the same
    /// thing at every call site.
    static let equivalents: [(String, String)] = [
        // A typealias in Foundation (`NSNotification.Name` is `Notification.Name`).
        ("NSNotification.Name", "Notification.Name"),
        // Objective-C class properties are printed `class let`; Swift source can only write `static let`.
        ("class let ", "static let "),
        // An imported constant prints as `static var x: T { get }`; a `static let` reads the same at every call site.
        ("static var ", "static let "),
    ]

    /// Leading keywords that read the same at every call site: a read-only property is printed `var`, a Swift
    /// constant `let` (neither page nor subheading says whether a `var` is settable, so settability is not compared).
    static let equivalentPrefixes: [(String, String)] = [("let ", "var ")]

    /// Words that do not change how a client calls the declaration: Objective-C prints initializers without
    /// `convenience`/`required`, and an `optional` protocol requirement is a requirement with a default in Swift
    /// source (docs/model.md, "Optional delegate methods").
    static let ignoredWords = ["convenience ", "required ", "optional ", "dynamic ", "final "]

    static func normalise(_ text: String) -> String {
        var text = collapse(text)
        for word in ignoredWords {
            while text.hasPrefix(word) { text.removeFirst(word.count) }
        }
        for (from, to) in equivalents { text = text.replacingOccurrences(of: from, with: to) }
        for (from, to) in equivalentPrefixes where text.hasPrefix(from) { text = to + text.dropFirst(from.count) }
        // `case `default`` and `case default` name the same case: the pages print enum cases without backticks.
        text = text.replacingOccurrences(of: "`", with: "")
        if text.hasPrefix("static let ") || text.hasPrefix("let ") || text.hasPrefix("var ") || text.hasPrefix("static var ") {
            // `{ get }` / `{ get set }` are not part of a subheading.
            if let brace = text.range(of: " {") { text = String(text[..<brace.lowerBound]) }
        }
        return text
    }

    /// `name(label:label:)` for functions, initializers and subscripts; the bare name otherwise.
    static func key(of text: String) -> String {
        var words = text.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true).map(String.init)
        // Drop leading modifiers: `class func`, `static var`, `mutating func`.
        while let first = words.first, ["class", "static", "mutating", "override", "open", "public"].contains(first), words.count == 2 {
            words = words[1].split(separator: " ", maxSplits: 1).map(String.init)
        }
        guard let keyword = words.first else { return text }
        let rest = words.count > 1 ? words[1] : ""
        switch keyword {
        case "func", "init", "init?", "init!", "subscript":
            return functionKey(keyword: keyword, rest: rest)
        case "var", "let", "case", "typealias", "associatedtype":
            return String(rest.prefix { $0 != ":" && $0 != " " && $0 != "(" && $0 != "=" })
        case "class", "struct", "enum", "protocol", "actor":
            return keyword + " " + rest.prefix { $0 != ":" && $0 != " " && $0 != "<" }
        default:
            // `init(frame: CGRect)` has no space after `init`.
            if keyword.hasPrefix("init") || keyword.hasPrefix("subscript") { return functionKey(keyword: "", rest: text) }
            return text
        }
    }

    /// `convert(_:to:)` from `convert(CGPoint, to: UIView?) -> CGPoint`; `init(frame:)` from `init(frame: CGRect)`.
    private static func functionKey(keyword: String, rest: String) -> String {
        let whole = keyword.hasPrefix("init") || keyword == "subscript" ? keyword + rest : rest
        guard let open = whole.firstIndex(of: "(") else { return whole }
        var name = String(whole[..<open])
        if name.hasSuffix("?") || name.hasSuffix("!") { name.removeLast() }
        name = name.trimmingCharacters(in: .whitespaces)
        let labels = parameters(in: whole[whole.index(after: open)...]).map { parameter -> String in
            guard let colon = topLevelColon(in: parameter) else { return "_" }
            let label = parameter[..<colon].trimmingCharacters(in: .whitespaces)
            // A symbol graph's subheading prints only labels; a full declaration may print `label name`.
            return String(label.split(separator: " ").first ?? "_")
        }
        return name + "(" + labels.map { $0 + ":" }.joined() + ")"
    }

    /// The top-level comma-separated parameters up to the closing parenthesis.
    private static func parameters(in text: Substring) -> [Substring] {
        var depth = 0
        var start = text.startIndex
        var result: [Substring] = []
        for index in text.indices where !isArrowHead(text, index) {
            switch text[index] {
            case "(", "[", "<": depth += 1
            case ")" where depth == 0:
                let last = text[start..<index]
                if !last.trimmingCharacters(in: .whitespaces).isEmpty { result.append(last) }
                return result
            case ")", "]", ">": depth -= 1
            case "," where depth == 0:
                result.append(text[start..<index])
                start = text.index(after: index)
            default: break
            }
        }
        return result
    }

    /// The `>` of a function arrow `->`, which closes no bracket.
    private static func isArrowHead(_ text: Substring, _ index: String.Index) -> Bool {
        text[index] == ">" && index > text.startIndex && text[text.index(before: index)] == "-"
    }

    /// The colon that separates a label from its type, if the parameter has a label.
    private static func topLevelColon(in parameter: Substring) -> String.Index? {
        var depth = 0
        for index in parameter.indices where !isArrowHead(parameter, index) {
            switch parameter[index] {
            case "(", "[", "<": depth += 1
            case ")", "]", ">": depth -= 1
            case ":" where depth == 0:
                // `[Key : Value]` is nested; a label colon is followed by a space and the type.
                return index
            default: break
            }
        }
        return nil
    }
}
