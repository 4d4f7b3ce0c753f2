import Diagnostics

/// Splits a lesson file into front matter and Markdown, and validates the front matter.
struct FrontMatterParser {
    let file: SourceFile

    /// The Markdown body with the front matter lines blanked, so cmark's line numbers stay the file's.
    struct Split {
        var yaml: String?
        /// 1-based line of the first YAML line.
        var yamlFirstLine: Int
        var body: String
    }

    func split(into bag: inout DiagnosticBag) -> Split {
        let text = file.text
        guard text.hasPrefix("---\n") || text.hasPrefix("---\r\n") || text == "---" else {
            return Split(yaml: nil, yamlFirstLine: 1, body: text)
        }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        var closing: Int?
        for index in 1..<lines.count {
            let line = lines[index].trimmingSuffix { $0 == "\r" || $0 == " " || $0 == "\t" }
            if line == "---" || line == "..." {
                closing = index
                break
            }
        }
        guard let closing else {
            bag.error("lesson.front-matter.unterminated", file.location(line: 1), "front matter: no closing '---' line")
            return Split(yaml: nil, yamlFirstLine: 1, body: "")
        }
        let yaml = lines[1..<closing].joined(separator: "\n")
        for index in 0...closing { lines[index] = "" }
        return Split(yaml: yaml, yamlFirstLine: 2, body: lines.joined(separator: "\n"))
    }

    func parse(_ split: Split, into bag: inout DiagnosticBag) -> FrontMatter {
        var matter = FrontMatter()
        guard let yaml = split.yaml else {
            bag.error("lesson.front-matter.missing-title", file.location(line: 1), "front matter: missing required key 'title'")
            return matter
        }
        let offset = split.yamlFirstLine - 1
        let root: YAMLNode?
        switch YAMLReader.parse(yaml) {
        case .failure(let error):
            bag.error(
                "lesson.front-matter.syntax",
                SourceLocation(path: file.path, line: error.line + offset, column: error.column),
                "front matter: \(error.message)")
            return matter
        case .success(let node):
            root = node
        }
        guard let root, case .mapping(let pairs) = root.value else {
            let line = (root?.line ?? 1) + offset
            bag.error(
                "lesson.front-matter.not-a-mapping", SourceLocation(path: file.path, line: line, column: root?.column ?? 1),
                "front matter: expected a mapping of keys to values, found \(root?.kindName ?? "nothing")")
            return matter
        }
        var seenTitle = false
        for pair in pairs {
            let location = SourceLocation(path: file.path, line: pair.key.line + offset, column: pair.key.column)
            let valueLocation = SourceLocation(path: file.path, line: pair.value.line + offset, column: pair.value.column)
            guard let key = pair.key.string else {
                bag.error("lesson.front-matter.invalid-key", location, "front matter: keys must be plain names")
                continue
            }
            matter.keyLines[key] = location.line
            func invalid(_ expected: String) {
                bag.error("lesson.front-matter.invalid-value", valueLocation, "front matter: '\(key)' must be \(expected)")
            }
            switch key {
            case "title":
                if let s = pair.value.string, !s.trimmed.isEmpty {
                    matter.title = s.trimmed
                    seenTitle = true
                } else {
                    invalid("a non-empty string")
                    seenTitle = true
                }
            case "summary":
                if let s = pair.value.string { matter.summary = s.trimmed } else { invalid("a string") }
            case "order":
                if let n = pair.value.integer { matter.order = n } else { invalid("an integer") }
            case "source":
                if let s = pair.value.string, let language = Language(rawValue: s) {
                    matter.source = language
                } else {
                    invalid("one of " + Language.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
                }
            case "swift-version":
                if let n = pair.value.integer, n == 5 || n == 6 { matter.swiftVersion = n } else { invalid("5 or 6") }
            case "translated-from":
                if let s = pair.value.string { matter.translatedFrom = s } else { invalid("a string") }
            default:
                bag.warning("lesson.front-matter.unknown-key", location, "front matter: unknown key '\(key)'")
            }
        }
        if !seenTitle {
            bag.error("lesson.front-matter.missing-title", file.location(line: 1), "front matter: missing required key 'title'")
        }
        return matter
    }
}

extension StringProtocol {
    var trimmed: String {
        String(self.drop { $0.isWhitespace }.reversed().drop { $0.isWhitespace }.reversed())
    }

    func trimmingSuffix(while predicate: (Character) -> Bool) -> SubSequence {
        var end = endIndex
        while end > startIndex, predicate(self[index(before: end)]) { end = index(before: end) }
        return self[startIndex..<end]
    }
}
