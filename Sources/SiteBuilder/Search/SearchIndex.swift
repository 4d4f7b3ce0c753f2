import LessonModel
import MarkdownSyntax

/// Folds text before it is tokenized, on both the index side and the query side (issue 9: zh-Hant → zh-Hans).
///
/// The build folds page text in Swift; the page script folds the query with `queryTable`, a
/// character-to-character map written into the index, so both sides always agree.
struct ScriptFolding: Sendable {
    /// Name written into the index, e.g. `none` or `opencc-t2s`.
    var name: String
    /// Character replacements applied to both sides.
    var table: [Character: Character]

    static let none = ScriptFolding(name: "none", table: [:])

    func fold(_ text: String) -> String {
        table.isEmpty ? text : String(text.map { table[$0] ?? $0 })
    }
}

/// Splits text into search terms the same way the page script does: words for alphabetic text, bigrams and characters for Han.
enum SearchTokenizer {
    /// Terms to index: lower-cased words (camel-case parts too), Han characters and Han bigrams.
    static func indexTerms(_ text: String, into terms: inout Set<String>) {
        scan(text) { run, isHan in
            if isHan {
                let chars = Array(run)
                for (k, c) in chars.enumerated() {
                    terms.insert(String(c))
                    if k + 1 < chars.count { terms.insert(String(chars[k]) + String(chars[k + 1])) }
                }
            } else {
                let word = run.lowercased()
                guard word.count >= 2 || word.first?.isNumber == true else { return }
                terms.insert(word)
                for part in camelCaseParts(run) where part.count >= 2 && part.count < run.count {
                    terms.insert(part.lowercased())
                }
            }
        }
    }

    /// Terms a query must all match: whole words, Han bigrams (or the single character).
    static func queryTerms(_ text: String) -> [String] {
        var terms: [String] = []
        scan(text) { run, isHan in
            if isHan {
                let chars = Array(run)
                if chars.count == 1 {
                    terms.append(String(chars[0]))
                } else {
                    for k in 0..<(chars.count - 1) { terms.append(String(chars[k]) + String(chars[k + 1])) }
                }
            } else {
                terms.append(run.lowercased())
            }
        }
        return terms
    }

    /// Calls `body` with each run of Han characters or of letters and digits.
    static func scan(_ text: String, _ body: (Substring, Bool) -> Void) {
        var start: String.Index?
        var startIsHan = false
        var index = text.startIndex
        while index < text.endIndex {
            let c = text[index]
            let han = isHan(c)
            let word = !han && (c.isLetter || c.isNumber) && !isCJKPunctuation(c)
            if let s = start, !(han && startIsHan) && !(word && !startIsHan) {
                body(text[s..<index], startIsHan)
                start = nil
            }
            if start == nil, han || word {
                start = index
                startIsHan = han
            }
            index = text.index(after: index)
        }
        if let s = start { body(text[s...], startIsHan) }
    }

    static func isHan(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0x20000...0x2FA1F).contains(v) || (0x3040...0x30FF).contains(v)
    }

    static func isCJKPunctuation(_ c: Character) -> Bool {
        guard let v = c.unicodeScalars.first?.value else { return false }
        return (0x3000...0x303F).contains(v) || (0xFF00...0xFF0F).contains(v) || (0xFF1A...0xFF20).contains(v)
    }

    /// `scrollRectToVisible` → `scroll`, `Rect`, `To`, `Visible`; `UITextField` → `UIText`… split at lower→upper and acronym ends.
    static func camelCaseParts(_ word: Substring) -> [Substring] {
        var parts: [Substring] = []
        var start = word.startIndex
        var previous: Character?
        var index = word.startIndex
        while index < word.endIndex {
            let c = word[index]
            let nextIndex = word.index(after: index)
            let next = nextIndex < word.endIndex ? word[nextIndex] : nil
            if let p = previous, index > start {
                let lowerToUpper = (p.isLowercase || p.isNumber) && c.isUppercase
                let acronymEnd = p.isUppercase && c.isUppercase && (next?.isLowercase ?? false)
                if lowerToUpper || acronymEnd {
                    parts.append(word[start..<index])
                    start = index
                }
            }
            previous = c
            index = nextIndex
        }
        parts.append(word[start...])
        return parts
    }
}

/// One searchable section: where it is and what it says.
struct SearchEntry: Sendable {
    /// From the site root: `zh-Hans/keyboard/index.html#notifications`.
    var url: String
    var lessonTitle: String
    var sectionTitle: String
    var text: String
}

/// Builds each language's index: `search/<lang>.js`, a script calling `tutorbuildSearchIndex({...})`.
///
/// A script rather than JSON so it also loads from `file://`, where browsers refuse `fetch`.
/// Format (version 1):
/// `{"v":1,"lang":"zh-Hans","fold":{"name":"none","table":{}},"docs":[[url,lesson,section,excerpt],…],"terms":{"键盘":[0,4],…}}`
/// — postings are ascending document numbers; `fold.table` maps characters for the query side.
struct SearchIndexBuilder {
    static func indexPath(_ language: Language) -> String { "search/" + language.rawValue + ".js" }

    var language: Language
    var folding: ScriptFolding = .none
    private(set) var entries: [SearchEntry] = []
    private var postings: [String: [Int32]] = [:]

    init(language: Language, folding: ScriptFolding = .none) {
        self.language = language
        self.folding = folding
    }

    mutating func add(_ entry: SearchEntry) {
        let number = Int32(entries.count)
        entries.append(entry)
        var terms = Set<String>()
        SearchTokenizer.indexTerms(folding.fold(entry.sectionTitle), into: &terms)
        SearchTokenizer.indexTerms(folding.fold(entry.lessonTitle), into: &terms)
        SearchTokenizer.indexTerms(folding.fold(entry.text), into: &terms)
        for term in terms { postings[term, default: []].append(number) }
    }

    /// Adds one entry per section of a lesson document.
    mutating func add(_ document: LessonDocument) {
        let page = PagePath.lesson(document.slug, document.language).filePath
        for section in document.sections {
            var text = ""
            for block in section.blocks {
                switch block {
                case .markdown(let node): appendText(node, document, to: &text)
                case .snippet(let index):
                    if document.snippets.indices.contains(index), !document.snippets[index].attributes.hidden {
                        text += document.snippets[index].displayCode + "\n"
                    }
                }
            }
            let title = section.heading == nil ? "" : section.title
            if title.isEmpty, text.isEmpty { continue }
            add(SearchEntry(
                url: page + (section.id.map { "#" + $0 } ?? ""), lessonTitle: document.frontMatter.title,
                sectionTitle: title, text: (section.heading == nil ? document.frontMatter.summary + "\n" : "") + text))
        }
    }

    private func appendText(_ node: BlockNode, _ document: LessonDocument, to text: inout String) {
        switch node.kind {
        case .htmlBlock: return
        case .codeBlock(let info, let code, _):
            if let snippet = document.snippet(startingAt: node.range.start.line) {
                if !snippet.attributes.hidden { text += snippet.displayCode + "\n" }
            } else if !info.hasPrefix("output") {
                text += code + "\n"
            }
        default:
            if !node.inlines.isEmpty {
                text += node.inlines.map(\.plainText).joined() + "\n"
            } else {
                for child in node.children { appendText(child, document, to: &text) }
            }
        }
    }

    /// The index script's text.
    func script() -> String {
        var out = "tutorbuildSearchIndex("
        out.reserveCapacity(64 * 1024)
        out += "{\"v\":1,\"lang\":" + JSON.string(language.rawValue)
        out += ",\"fold\":{\"name\":" + JSON.string(folding.name) + ",\"table\":{"
        out += folding.table.sorted { $0.key < $1.key }.map { JSON.string(String($0.key)) + ":" + JSON.string(String($0.value)) }.joined(separator: ",")
        out += "}},\"docs\":[\n"
        for (k, entry) in entries.enumerated() {
            if k > 0 { out += ",\n" }
            out += "[" + JSON.string(entry.url) + "," + JSON.string(entry.lessonTitle) + "," + JSON.string(entry.sectionTitle)
            out += "," + JSON.string(Self.excerpt(entry.text)) + "]"
        }
        out += "],\n\"terms\":{"
        var first = true
        for (term, docs) in postings.sorted(by: { $0.key < $1.key }) {
            if !first { out += "," }
            first = false
            out += JSON.string(term) + ":["
            out += docs.map(String.init).joined(separator: ",")
            out += "]"
        }
        out += "}});\n"
        return out
    }

    /// The first words of a section, for the result list.
    static func excerpt(_ text: String) -> String {
        let collapsed = text.split(whereSeparator: { $0 == "\n" || $0 == " " || $0 == "\t" }).joined(separator: " ")
        if collapsed.count <= 110 { return collapsed }
        return String(collapsed.prefix(108)) + "…"
    }
}

/// Minimal JSON string encoding that is also safe inside a `<script>` file.
enum JSON {
    static func string(_ s: String) -> String {
        var out = "\""
        for scalar in s.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out + "\""
    }
}
