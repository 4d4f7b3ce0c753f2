import Diagnostics
@testable import LessonModel
import TestSupport
import Testing

@Suite("Front matter")
struct FrontMatterTests {
    @Test("known keys are read with their types")
    func knownKeys() {
        let (doc, bag) = parseLesson("---\ntitle: 键盘\nsummary: \"Keep it visible\"\norder: 3\nsource: zh-Hans\nswift-version: 6\n---\n\nBody\n")
        #expect(bag.diagnostics.isEmpty)
        #expect(doc.frontMatter.title == "键盘")
        #expect(doc.frontMatter.summary == "Keep it visible")
        #expect(doc.frontMatter.order == 3)
        #expect(doc.frontMatter.source == .zhHans)
        #expect(doc.frontMatter.swiftVersion == 6)
    }

    @Test("uikit-behaviour-3 §B6.3: a lesson declares its default isolation; one that declares nothing compiles as Xcode 26's app template")
    func languageMode() {
        let (own, bag) = parseLesson("---\ntitle: x\nswift-version: 6\ndefault-isolation: nonisolated\n---\n")
        #expect(bag.diagnostics.isEmpty)
        #expect(own.frontMatter.defaultIsolation == .nonisolated)
        #expect(own.frontMatter.languageMode == LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated))
        let (plain, _) = parseLesson("---\ntitle: x\n---\n")
        #expect(plain.frontMatter.swiftVersion == nil)
        #expect(plain.frontMatter.languageMode == LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor))
        #expect(plain.frontMatter.languageMode.description == "Swift 5 · MainActor")
    }

    @Test("problems are located diagnostics with stable ids", arguments: [
        ("---\nsummary: x\n---\n", Diagnostic.ID.lessonFrontMatterMissingTitle, 1),
        ("No front matter at all\n", .lessonFrontMatterMissingTitle, 1),
        ("---\ntitle: x\ncolour: red\n---\n", .lessonFrontMatterUnknownKey, 3),
        ("---\ntitle: x\norder: first\n---\n", .lessonFrontMatterInvalidValue, 3),
        ("---\ntitle: x\nswift-version: 4\n---\n", .lessonFrontMatterInvalidValue, 3),
        ("---\ntitle: x\ndefault-isolation: mainactor\n---\n", .lessonFrontMatterInvalidValue, 3),
        ("---\ntitle: x\norder: \"1\"\n---\n", .lessonFrontMatterInvalidValue, 3),
        ("---\n- a\n- b\n---\n", .lessonFrontMatterNotAMapping, 2),
        ("---\njust text\n---\n", .lessonFrontMatterNotAMapping, 2),
        ("---\ntitle: x\nsummary: [unclosed\n---\n", .lessonFrontMatterSyntax, 4),
        ("---\ntitle: x\n", .lessonFrontMatterUnterminated, 1),
        ("", .lessonEmpty, 1),
    ])
    func problems(text: String, id: Diagnostic.ID, line: Int) throws {
        let (_, bag) = parseLesson(text)
        expectDiagnostic(id, in: bag, path: "content/x/en.md", line: line)
    }

    @Test("unknown keys are warnings, a missing title an error")
    func severities() {
        expectDiagnostic(.lessonFrontMatterUnknownKey, in: parseLesson("---\ntitle: x\ncolour: red\n---\n").1, severity: .warning)
        expectDiagnostic(.lessonFrontMatterMissingTitle, in: parseLesson("---\nsummary: x\n---\n").1, severity: .error)
    }

    @Test("front matter lines are blanked so Markdown keeps the file's line numbers")
    func linesPreserved() {
        let (doc, _) = parseLesson("---\ntitle: x\n---\n\n```swift\nprint(1)\n```\n")
        #expect(doc.snippets.first?.range.start.line == 5)
        #expect(doc.snippets.first?.firstCodeLine == 6)
    }

    @Test("an alias bomb ends in an error, not in memory exhaustion")
    func aliasBomb() {
        var yaml = "title: x\na: &a [\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\",\"x\"]\n"
        var previous = "a"
        for name in ["b", "c", "d", "e", "f", "g", "h"] {
            yaml += "\(name): &\(name) [" + Array(repeating: "*\(previous)", count: 9).joined(separator: ",") + "]\n"
            previous = name
        }
        let (_, bag) = parseLesson("---\n" + yaml + "---\n")
        expectDiagnostic(.lessonFrontMatterSyntax, in: bag)
    }

    /// The split as it was done on a copied byte array, to check the one that slices the text in place.
    static func arraySplit(_ text: String) -> (yaml: String?, body: String)? {
        let bytes = Array(text.utf8)
        guard bytes.starts(with: Array("---".utf8)), bytes.count == 3 || bytes[3] == 0x0A || bytes[3] == 0x0D else { return (nil, text) }
        var lineStart = bytes.firstIndex(of: 0x0A).map { $0 + 1 } ?? bytes.count
        var newlines = 1
        while lineStart < bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: 0x0A) ?? bytes.count
            var end = lineEnd
            while end > lineStart, [0x0D, 0x20, 0x09].contains(bytes[end - 1]) { end -= 1 }
            if bytes[lineStart..<end].elementsEqual("---".utf8) || bytes[lineStart..<end].elementsEqual("...".utf8) {
                let yamlStart = bytes.firstIndex(of: 0x0A)! + 1
                let rest = lineEnd < bytes.count ? String(decoding: bytes[(lineEnd + 1)...], as: UTF8.self) : ""
                return (String(decoding: bytes[yamlStart..<lineStart], as: UTF8.self), String(repeating: "\n", count: newlines + 1) + rest)
            }
            newlines += 1
            lineStart = lineEnd + 1
        }
        return nil
    }

    @Test("the split slices the text exactly as a byte copy would", arguments: [
        "", "---", "---\n", "---\n---", "---\n---\n", "---\r\ntitle: 键\r\n---\r\n\r\n中文\r\n", "---\ntitle: x\n...\nBody",
        "---\ntitle: x\n---  \t\r\n😀\n", "---x\ntitle\n---\n", "No front matter\n---\n", "---\ntitle: x\n", "---\n\n\n---\n\u{301}é\n",
        "---\ntitle: \"a\"\n----\n---\n# 标题\n",
    ])
    func splitInPlace(text: String) {
        var bag = DiagnosticBag()
        let split = FrontMatterParser(file: SourceFile(path: "content/x/en.md", text: text)).split(into: &bag)
        if let expected = Self.arraySplit(text) {
            #expect(split.yaml == expected.yaml)
            #expect(Array(split.body.utf8) == Array(expected.body.utf8))
            #expect(bag.diagnostics.isEmpty)
        } else {
            #expect(split.yaml == nil && split.body.isEmpty)
            expectDiagnostic(.lessonFrontMatterUnterminated, in: bag)
        }
    }
}
