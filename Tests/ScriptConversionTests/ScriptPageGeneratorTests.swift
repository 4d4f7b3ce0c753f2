import Diagnostics
import Foundation
import LessonModel
@testable import ScriptConversion
import TestSupport
import Testing

@Suite("Chinese in both scripts")
struct ScriptPageGeneratorTests {
    let lesson = """
        ---
        title: 键盘与软件
        summary: 这个软件的信息显示在键盘上方
        order: 1
        source: en
        ---

        ## 观察键盘通知 {#observing}

        文本框成为第一响应者后，键盘会弹出。`let 信息 = "软件"` 不会被转换。[链接文字](../其他/#信息)

        ```swift
        let message = "软件信息" // 显示软件信息
        /* 多行
           注释：键盘 */
        print(message)
        ```

        ```output
        软件信息
        ```
        """

    func document(_ text: String, language: Language = .zhHans) -> LessonDocument {
        var bag = DiagnosticBag()
        return LessonParser().parse(SourceFile(path: "content/k/\(language.rawValue).md", text: text), slug: "k", language: language, into: &bag)
    }

    @Test("a source loaded with links only converts to the same Markdown as one with the full inline tree")
    func convertsLeanSource() throws {
        let generator = ScriptPageGenerator(glossary: Glossary())
        var bag = DiagnosticBag()
        let lean = LessonParser(inlineDetail: .plainTextAndLinks)
            .parse(SourceFile(path: "content/k/zh-Hans.md", text: lesson), slug: "k", language: .zhHans, into: &bag)
        #expect(try generator.convertedMarkdown(lean, to: .zhHant) == generator.convertedMarkdown(document(lesson), to: .zhHant))
    }

    @Test("inline positions cmark gets wrong after a line break do not take the conversion down", arguments: [
        "`\n<ps:>\n", "软件`\n信息<https://example.com>****\n", "`a\n`b` <x>\n",
    ])
    func wrongInlinePositions(body: String) throws {
        let generator = ScriptPageGenerator(glossary: Glossary())
        let text = try generator.convertedMarkdown(document("---\ntitle: 软件\n---\n\n" + body), to: .zhHant)
        #expect(text.hasPrefix("---\ntitle: 軟體\n---"))
    }

    @Test("OpenCC converts phrases with Taiwan vocabulary, and back")
    func phrases() throws {
        let toTraditional = try ScriptConverter(.simplifiedToTaiwan)
        #expect(toTraditional.convert("这个软件的信息显示在键盘上方") == "這個軟體的資訊顯示在鍵盤上方")
        #expect(try ScriptConverter(.taiwanToSimplified).convert("這個軟體的資訊") == "这个软件的信息")
        #expect(toTraditional.convert("plain ASCII stays") == "plain ASCII stays")
    }

    @Test("a configuration is opened once per process: one prepared early is the one a conversion then uses")
    func sharedHandles() throws {
        ScriptConverter.prepare(.taiwanToSimplified)
        ScriptConverter.finishPreparing()
        let first = try ScriptConverter.shared(.taiwanToSimplified)
        #expect(try ScriptConverter.shared(.taiwanToSimplified) === first)
        #expect(try ScriptConverter.shared(.simplifiedToTaiwan) !== first)
        #expect(first.convert("軟體") == "软件")
    }

    @Test("prose, headings, front matter and comments convert; code, string literals and output do not")
    func convertsProseNotCode() throws {
        let generator = ScriptPageGenerator(glossary: Glossary())
        let source = document(lesson)
        let generated = try generator.generate(source, to: .zhHant)
        #expect(generated.language == .zhHant)
        #expect(generated.generatedFrom == .zhHans)
        #expect(generated.frontMatter.title == "鍵盤與軟體")
        #expect(generated.frontMatter.summary == "這個軟體的資訊顯示在鍵盤上方")
        let section = try #require(generated.sections.first { $0.heading != nil })
        #expect(section.title == "觀察鍵盤通知")
        #expect(section.id == "observing")
        let code = try #require(generated.snippets.first?.code)
        #expect(code.contains("let message = \"软件信息\""))
        #expect(code.contains("// 顯示軟體資訊"))
        #expect(code.contains("註釋：鍵盤"))
        #expect(generated.snippets.first?.expectedOutput?.text == "软件信息\n")
        let text = try generator.convertedMarkdown(source, to: .zhHant)
        #expect(text.contains("`let 信息 = \"软件\"`"))
        #expect(text.contains("(../其他/#信息)"))
        #expect(text.contains("[連結文字]"))
        // Same lines, so diagnostics on the generated page point at the source file's lines.
        #expect(text.split(separator: "\n", omittingEmptySubsequences: false).count == lesson.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test("the generated page's snippets are twins of the source's")
    func twins() throws {
        let course = Course(config: SiteConfig(), lessons: [Lesson(slug: "k", documents: [document(lesson)])], contentPath: "content")
        let withPages = try ScriptPageGenerator(glossary: Glossary()).withGeneratedPages(course)
        #expect(withPages.lessons[0].languages == [.zhHans])
        #expect(withPages.lessons[0].generated.map(\.language) == [.zhHant])
        let generated = withPages.lessons[0].generated[0].document()
        let both = Course(config: SiteConfig(), lessons: [Lesson(slug: "k", documents: [document(lesson), generated])], contentPath: "content")
        var bag = DiagnosticBag()
        SnippetTwinCheck().check(both, into: &bag)
        #expect(bag.diagnostics.isEmpty)
    }

    @Test("a hand-written page always wins over a generated one")
    func handWrittenWins() throws {
        let handWritten = document(lesson.replacingOccurrences(of: "键盘与软件", with: "手寫的標題"), language: .zhHant)
        let course = Course(config: SiteConfig(), lessons: [Lesson(slug: "k", documents: [document(lesson), handWritten])], contentPath: "content")
        let withPages = try ScriptPageGenerator(glossary: Glossary()).withGeneratedPages(course)
        #expect(withPages.lessons[0].document(.zhHant)?.frontMatter.title == "手寫的標題")
        #expect(withPages.lessons[0].generated.isEmpty)
    }

    @Test("lessons written in Traditional get a Simplified page")
    func traditionalToSimplified() throws {
        let traditional = document("---\ntitle: 鍵盤與軟體\n---\n\n資訊\n", language: .zhHant)
        let course = Course(config: SiteConfig(), lessons: [Lesson(slug: "k", documents: [traditional])], contentPath: "content")
        let withPages = try ScriptPageGenerator(glossary: Glossary()).withGeneratedPages(course)
        let generated = try #require(withPages.lessons[0].generated.first)
        #expect(generated.language == .zhHans)
        #expect(generated.facts.title == "键盘与软件")
        #expect(generated.document().frontMatter.title == "键盘与软件")
    }

    @Test("glossary pins override OpenCC's choice after conversion")
    func glossary() throws {
        let folder = try TemporaryCourse([
            "glossary.yml": "terms:\n  - zh-Hans: 视图控制器\n    zh-Hant: 視圖控制器\n  - zh-Hans: 文本框\n    zh-Hant: 文字欄位\n",
        ]).path
        var bag = DiagnosticBag()
        let glossary = Glossary.load(contentPath: folder, into: &bag)
        #expect(bag.diagnostics.isEmpty)
        #expect(glossary.terms.count == 2)
        let generator = ScriptPageGenerator(glossary: glossary)
        #expect(generator.convert("视图控制器里的文本框", to: .zhHant) == "視圖控制器裡的文字欄位")
        #expect(ScriptPageGenerator(glossary: Glossary()).convert("视图控制器里的文本框", to: .zhHant) == "檢視控制器裡的文字框")
        #expect(generator.convert("視圖控制器裡的文字欄位", to: .zhHans) == "视图控制器里的文本框")
    }

    @Test("glossary mistakes are located diagnostics")
    func badGlossary() throws {
        let folder = try TemporaryCourse(["glossary.yml": "terms:\n  - zh-Hans: 代理\n  - fr: x\n    zh-Hant: y\n"]).path
        var bag = DiagnosticBag()
        _ = Glossary.load(contentPath: folder, into: &bag)
        #expect(bag.diagnostics.map(\.location.line).sorted() == [2, 3, 3])
    }

    @Test("converted pages come from the cache until the source, the glossary or OpenCC's data change")
    func conversionCache() throws {
        let folder = TemporaryFolder.make().path + "/converted"
        let cache = ConversionCache(directory: folder, glossary: Glossary())
        let source = document(lesson)
        let fresh = try ScriptPageGenerator(glossary: Glossary(), cache: cache).generate(source, to: .zhHant)
        let entry = folder + "/k.zh-Hant.md"
        let stored = try String(contentsOfFile: entry, encoding: .utf8)
        #expect(stored.contains("鍵盤與軟體"))
        // Plant a different result for the same input: a second build must take it instead of converting.
        try replant(entry) { $0.replacingOccurrences(of: "鍵盤與軟體", with: "從快取來的標題") }
        let cached = try ScriptPageGenerator(glossary: Glossary(), cache: cache).generate(source, to: .zhHant)
        #expect(cached.frontMatter.title == "從快取來的標題")
        #expect(cached.sections.map(\.id) == fresh.sections.map(\.id))
        // An edited source misses the cache and is converted again.
        let edited = document(lesson.replacingOccurrences(of: "title: 键盘与软件", with: "title: 软件与键盘"))
        #expect(try ScriptPageGenerator(glossary: Glossary(), cache: cache).generate(edited, to: .zhHant).frontMatter.title == "軟體與鍵盤")
        // A different glossary is a different key, whatever the file holds.
        let pinned = Glossary(terms: [Glossary.Term(forms: [.zhHans: "软件", .zhHant: "軟件"], line: 1)])
        let other = ConversionCache(directory: folder, glossary: pinned)
        #expect(try ScriptPageGenerator(glossary: pinned, cache: other).generate(edited, to: .zhHant).frontMatter.title == "軟件與鍵盤")
    }

    @Test("a converted page changed after it was stored (cut short, edited) is converted again, not trusted", arguments: [true, false])
    func damagedEntry(truncate: Bool) throws {
        let folder = TemporaryFolder.make().path + "/converted"
        let cache = ConversionCache(directory: folder, glossary: Glossary())
        let fresh = try ScriptPageGenerator(glossary: Glossary(), cache: cache).generate(document(lesson), to: .zhHant)
        let entry = folder + "/k.zh-Hant.md"
        let stored = try String(contentsOfFile: entry, encoding: .utf8)
        let damaged = truncate ? String(stored.prefix(stored.count * 3 / 4)) : stored.replacingOccurrences(of: "鍵盤與軟體", with: "從快取來的標題")
        try damaged.write(toFile: entry, atomically: true, encoding: .utf8)
        let again = try ScriptPageGenerator(glossary: Glossary(), cache: cache).generate(document(lesson), to: .zhHant)
        #expect(again.frontMatter.title == fresh.frontMatter.title)
        #expect(again.sections.count == fresh.sections.count)
        #expect(cache.ignoredEntries == [entry])
        #expect(try String(contentsOfFile: entry, encoding: .utf8) == stored)
    }

    @Test("a generated page's facts are its parse's, whether learned now or read back from the cache")
    func factsFromCache() throws {
        let folder = TemporaryFolder.make().path + "/converted"
        let cache = ConversionCache(directory: folder, glossary: Glossary())
        let source = document(lesson)
        let fresh = try ScriptPageGenerator(glossary: Glossary(), cache: cache).page(source, to: .zhHant)
        #expect(FileManager.default.fileExists(atPath: folder + "/k.zh-Hant.facts"))
        let cached = try ScriptPageGenerator(glossary: Glossary(), cache: cache).page(source, to: .zhHant)
        #expect(cached.facts == fresh.facts)
        let parsed = cached.document()
        #expect(cached.facts.title == parsed.frontMatter.title)
        #expect(cached.facts.summary == parsed.frontMatter.summary)
        #expect(cached.facts.translatedFrom == parsed.frontMatter.translatedFrom)
        #expect(cached.facts.snippetIndices == parsed.snippets.map(\.index))
        #expect(cached.sectionIDs == parsed.sections.map(\.id))
        #expect(!cached.facts.snippetIndices.isEmpty && cached.sectionIDs.contains { $0 != nil })
    }

    @Test("cached facts take the source's anchors as they are now: an English heading renamed changes a kept Chinese page's anchors")
    func factsFollowSourceAnchors() throws {
        let folder = TemporaryFolder.make().path + "/converted"
        let cache = ConversionCache(directory: folder, glossary: Glossary())
        var source = document(lesson)
        _ = try ScriptPageGenerator(glossary: Glossary(), cache: cache).page(source, to: .zhHant)
        // Same Chinese text, anchors aligned with a renamed English heading.
        for i in source.sections.indices where source.sections[i].id != nil { source.sections[i].id = "renamed-\(i)" }
        let cached = try ScriptPageGenerator(glossary: Glossary(), cache: cache).page(source, to: .zhHant)
        #expect(cached.sectionIDs == source.sections.map(\.id))
        #expect(cached.document().sections.map(\.id) == source.sections.map(\.id))
    }

    @Test("facts read back as written, whatever their text holds; anything else reads as none", arguments: [
        GeneratedPage.Facts(title: "a\tb\\c\nd", summary: "", translatedFrom: nil, sectionIDs: [], snippetIndices: []),
        GeneratedPage.Facts(title: "標題", summary: "x\r", translatedFrom: [], sectionIDs: [nil, "-", "+", ""], snippetIndices: [0, 2]),
        GeneratedPage.Facts(title: "-", summary: "+", translatedFrom: ["a1", "b\t2", ""], sectionIDs: ["id\\"], snippetIndices: [7]),
    ])
    func factsLines(_ facts: GeneratedPage.Facts) {
        #expect(GeneratedPage.Facts(lines: facts.lines) == facts)
        let lines = facts.lines
        for cut in [1, lines.count / 2, lines.count - 1] where cut < lines.count {
            let damaged = String(lines.prefix(cut))
            if let read = GeneratedPage.Facts(lines: damaged) { #expect(read != facts) }
        }
        #expect(GeneratedPage.Facts(lines: "title\tx") == nil)
        #expect(GeneratedPage.Facts(lines: lines + "\nsection\t+a\\") == nil)
    }

    /// Changes the result stored in a cache entry and seals it again, as a build would have stored it.
    func replant(_ entry: String, _ change: (String) -> String) throws {
        let stored = try String(contentsOfFile: entry, encoding: .utf8)
        let lineEnd = try #require(stored.utf8.firstIndex(of: 0x0A))
        let fields = stored[..<lineEnd].split(separator: " ")
        let inputBytes = try #require(Int(fields[3]))
        let body = Array(stored.utf8[stored.utf8.index(after: lineEnd)...])
        var result = change(String(decoding: body[inputBytes...], as: UTF8.self))
        let seal = result.withUTF8 { ConversionCache.seal($0) }
        let header = fields[..<4].joined(separator: " ") + " " + String(decoding: seal, as: UTF8.self)
        try Data(header.utf8 + body[..<inputBytes] + result.utf8).write(to: URL(fileURLWithPath: entry))
    }

    @Test("the search folding table is the same from the cache as made afresh")
    func foldingCache() throws {
        let folder = TemporaryFolder.make().path + "/converted"
        let cache = ConversionCache(directory: folder, glossary: Glossary())
        let course = try ScriptPageGenerator(glossary: Glossary()).withGeneratedPages(
            Course(config: SiteConfig(), lessons: [Lesson(slug: "k", documents: [document(lesson)])], contentPath: "content"))
        let fresh = try SearchFolding.table(for: course)
        #expect(fresh["鍵"] == "键")
        #expect(try SearchFolding.table(for: course, cache: cache) == fresh)
        let entry = folder + "/search-folding.tsv"
        #expect(FileManager.default.fileExists(atPath: entry))
        #expect(try SearchFolding.table(for: course, cache: cache) == fresh)
        // A planted pair proves the second table was read back from the entry, not made again.
        try replant(entry) { $0 + "甲\t乙\n" }
        var planted = fresh
        planted["甲"] = "乙"
        #expect(try SearchFolding.table(for: course, cache: cache) == planted)
    }

    @Test("a build keeps the entries it used and removes the rest")
    func removeUnused() throws {
        let folder = TemporaryFolder.make().path + "/converted"
        let source = document(lesson)
        let first = ConversionCache(directory: folder, glossary: Glossary())
        _ = try ScriptPageGenerator(glossary: Glossary(), cache: first).generate(source, to: .zhHant)
        try "left by a deleted lesson".write(toFile: folder + "/gone.zh-Hant.md", atomically: true, encoding: .utf8)
        try "half written".write(toFile: folder + "/k.zh-Hant.md.1234.tmp", atomically: true, encoding: .utf8)
        let second = ConversionCache(directory: folder, glossary: Glossary())
        _ = try ScriptPageGenerator(glossary: Glossary(), cache: second).generate(source, to: .zhHant)
        second.removeUnused()
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).sorted() == ["k.zh-Hant.facts", "k.zh-Hant.md"])
    }

    @Test("the cache salt names the OpenCC library and its dictionaries, so an upgrade converts again")
    func dataFingerprint() {
        let fingerprint = ScriptConverter.dataFingerprint
        #expect(fingerprint.contains("libopencc"))
        #expect(fingerprint.contains("s2twp.json"))
    }
}

@Suite("Taiwan quotes")
struct TaiwanQuoteTests {
    @Test("zh-Hant pages quote with 「」, zh-Hans pages with “”", arguments: [
        ("他说“你好”。", Language.zhHant, "他说「你好」。"),
        ("他說「你好」。", Language.zhHans, "他說“你好”。"),
        ("no quotes", Language.zhHant, "no quotes"),
    ])
    func quotes(text: String, target: Language, expected: String) {
        #expect(ScriptPageGenerator.quotes(text, for: target) == expected)
    }
}
