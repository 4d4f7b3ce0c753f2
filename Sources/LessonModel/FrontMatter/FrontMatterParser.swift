import Diagnostics
import TutorbuildSupport

/// Splits a lesson file into front matter and Markdown, and validates the front matter.
struct FrontMatterParser {
    let file: SourceFile

    /// Longest front matter read: a lesson's is a few lines, and YAML is not handed anything larger.
    static let maximumBytes = 64 * 1024

    /// The Markdown body with the front matter lines blanked, so cmark's line numbers stay the file's.
    struct Split {
        var yaml: String?
        /// 1-based line of the first YAML line.
        var yamlFirstLine: Int
        var body: String
    }

    func split(into bag: inout DiagnosticBag) -> Split {
        var text = file.text
        let scan = text.withUTF8(Self.scan)
        guard case .closed(let yamlBytes, let restStart, let newlines) = scan else {
            guard case .unterminated = scan else { return Split(yaml: nil, yamlFirstLine: 1, body: file.text) }
            bag.error(.lessonFrontMatterUnterminated, file.location(line: 1), .frontMatterUnterminated)
            return Split(yaml: nil, yamlFirstLine: 1, body: "")
        }
        // Slices of the text itself: the offsets follow newlines, so no bytes need decoding again.
        let utf8 = text.utf8
        func index(_ offset: Int) -> String.Index { utf8.index(utf8.startIndex, offsetBy: offset) }
        let yaml = String(text[index(yamlBytes.lowerBound)..<index(yamlBytes.upperBound)])
        // Blank lines in place of the front matter keep cmark's line numbers equal to the file's.
        var body = String(repeating: "\n", count: newlines + 1)
        body += text[index(restStart)...]
        return Split(yaml: yaml, yamlFirstLine: 2, body: body)
    }

    /// Where the front matter is in a file's UTF-8.
    private enum Scan {
        case none
        case unterminated
        /// The YAML's bytes, the offset the Markdown starts at, and the newlines before the closing fence line.
        case closed(yaml: Range<Int>, rest: Int, newlines: Int)
    }

    private static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> Scan {
        guard bytes.starts(with: "---".utf8), bytes.count == 3 || bytes[3] == 0x0A || bytes[3] == 0x0D else { return .none }
        // Scan line by line (bytes, not Characters: this runs on every lesson) for the closing fence.
        let yamlStart = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        var lineStart = yamlStart
        var newlines = 1
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            var end = lineEnd
            while end > lineStart, [0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
            let line = bytes[lineStart..<end]
            if line.elementsEqual("---".utf8) || line.elementsEqual("...".utf8) {
                return .closed(yaml: yamlStart..<lineStart, rest: min(lineEnd + 1, bytes.count), newlines: newlines)
            }
            newlines += 1
            lineStart = lineEnd + 1
        }
        return .unterminated
    }

    func parse(_ split: Split, into bag: inout DiagnosticBag) -> FrontMatter {
        var matter = FrontMatter()
        guard let pairs = mapping(split, into: &bag) else { return matter }
        let offset = split.yamlFirstLine - 1
        var seenTitle = false
        for pair in pairs {
            let location = SourceLocation(path: file.path, line: pair.key.line + offset, column: pair.key.column)
            guard let key = pair.key.string else {
                bag.error(.lessonFrontMatterInvalidKey, location, .frontMatterKeyNotAName)
                continue
            }
            if let first = matter.keyLines[key] {
                bag.error(.lessonFrontMatterDuplicateKey, location, .frontMatterDuplicateKey(key),
                          notes: [.init(location: SourceLocation(path: file.path, line: first, column: 1), message: "first given here")])
                continue
            }
            matter.keyLines[key] = location.line
            if key == "title" { seenTitle = true }
            switch Self.read(key, pair.value, into: &matter) {
            case nil:
                break
            case .invalid(let expected):
                let valueLocation = SourceLocation(path: file.path, line: pair.value.line + offset, column: pair.value.column)
                bag.error(.lessonFrontMatterInvalidValue, valueLocation, .frontMatterValue(key, mustBe: expected))
            case .unknownKey:
                bag.warning(.lessonFrontMatterUnknownKey, location, .frontMatterUnknownKey(key))
            }
        }
        if !seenTitle {
            bag.error(.lessonFrontMatterMissingTitle, file.location(line: 1), .frontMatterWithoutTitle)
        }
        matter.languageMode = LanguageMode.xcodeAppTemplate.overriding(
            swiftVersion: matter.swiftVersion, defaultIsolation: matter.defaultIsolation, deploymentTarget: matter.deploymentTarget)
        return matter
    }

    /// The front matter's pairs, or `nil` (with the error in `bag`) when there is no front matter, it is too
    /// large, it is not YAML, or it is not a mapping.
    private func mapping(_ split: Split, into bag: inout DiagnosticBag) -> [YAMLNode.Pair]? {
        guard let yaml = split.yaml else {
            bag.error(.lessonFrontMatterMissingTitle, file.location(line: 1), .frontMatterWithoutTitle)
            return nil
        }
        let offset = split.yamlFirstLine - 1
        if yaml.utf8.count > Self.maximumBytes {
            bag.error(.lessonFrontMatterTooLarge, file.location(line: 1), .frontMatterTooLarge(limit: Self.maximumBytes))
            return nil
        }
        let root: YAMLNode?
        switch YAMLReader.parse(yaml) {
        case .failure(let error):
            bag.error(
                .lessonFrontMatterSyntax,
                SourceLocation(path: file.path, line: error.line + offset, column: error.column),
                .frontMatterSyntax(error.message))
            return nil
        case .success(let node):
            root = node
        }
        guard let root, case .mapping(let pairs) = root.value else {
            let line = (root?.line ?? 1) + offset
            bag.error(
                .lessonFrontMatterNotAMapping, SourceLocation(path: file.path, line: line, column: root?.column ?? 1),
                .frontMatterNotAMapping(found: root?.kindName ?? "nothing"))
            return nil
        }
        return pairs
    }

    /// Why a key's value was not taken.
    private enum KeyProblem {
        /// The value is not what the key takes, which is this.
        case invalid(String)
        case unknownKey
    }

    /// Sets the field `key` names from `value`; `nil` when it did.
    private static func read(_ key: String, _ value: YAMLNode, into matter: inout FrontMatter) -> KeyProblem? {
        switch key {
        case "title":
            guard let s = value.string, !s.trimmed.isEmpty else { return .invalid("a non-empty string") }
            matter.title = s.trimmed
        case "summary":
            guard let s = value.string else { return .invalid("a string") }
            matter.summary = s.trimmed
        case "order":
            guard let n = value.integer else { return .invalid("an integer") }
            matter.order = n
        case "source":
            guard let s = value.string, let language = Language(rawValue: s) else {
                return .invalid("one of " + Language.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "))
            }
            matter.source = language
        case "swift-version":
            guard let n = value.integer, LanguageMode.swiftVersions.contains(n) else { return .invalid("5 or 6") }
            matter.swiftVersion = n
        case "default-isolation":
            guard let s = value.string, let isolation = DefaultIsolation(rawValue: s) else { return .invalid("'MainActor' or 'nonisolated'") }
            matter.defaultIsolation = isolation
        case "deployment-target":
            guard let target = value.string.flatMap(LanguageMode.deploymentTarget(parsing:)) else {
                return .invalid("an iOS version from \(LanguageMode.deploymentTargets.lowerBound) to \(LanguageMode.deploymentTargets.upperBound), such as 26 or 26.0")
            }
            matter.deploymentTarget = target
        case "translated-from":
            if let s = value.string {
                matter.translatedFrom = s.split(separator: " ").map(String.init)
            } else if case .sequence(let items) = value.value, items.allSatisfy({ $0.string != nil }) {
                matter.translatedFrom = items.compactMap(\.string)
            } else {
                return .invalid("a list of fingerprints written by 'tutorbuild translated'")
            }
        default:
            return .unknownKey
        }
        return nil
    }
}

extension StringProtocol {
    var trimmed: String {
        // Unicode's White_Space in ASCII is 09-0D and 20; only other scalars need the property lookup.
        func isWhitespace(_ s: Unicode.Scalar) -> Bool {
            s.isASCII ? s.value == 0x20 || (0x09...0x0D).contains(s.value) : s.properties.isWhitespace
        }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !isWhitespace($0) }),
            let last = scalars.lastIndex(where: { !isWhitespace($0) })
        else { return "" }
        // Copy the UTF-8 bytes between scalar boundaries (building from a scalar view goes scalar by scalar).
        return String(decoding: utf8[first..<scalars.index(after: last)], as: UTF8.self)
    }
}
