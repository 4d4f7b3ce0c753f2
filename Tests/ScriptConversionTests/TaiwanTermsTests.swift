import Diagnostics
import Foundation
import LessonModel
@testable import ScriptConversion
import TestSupport
import Testing

/// docs/chinese.md: the glossary applied as phrase and morpheme pins, and the independent mainland-forms check.
@Suite("Taiwan's vocabulary on generated pages")
struct TaiwanTermsTests {
    static let content = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("content").path

    func term(_ hans: String, _ hant: String, wrong: [String] = []) -> Glossary.Term {
        Glossary.Term(forms: [.zhHans: hans, .zhHant: hant], wrong: wrong, line: 1)
    }

    @Test("a morpheme entry covers the words built on it: 工具栏 → 工具列 also in 工具栏按钮 and 底部工具栏")
    func morphemes() {
        let generator = ScriptPageGenerator(glossary: Glossary(terms: [term("工具栏", "工具列"), term("子类", "子類別")]))
        #expect(generator.convert("底部工具栏上的工具栏按钮", to: .zhHant) == "底部工具列上的工具列按鈕")
        #expect(generator.convert("写一个子类的子类", to: .zhHant) == "寫一個子類別的子類別")
    }

    @Test("a phrase entry wins over the morpheme inside it, and its wrong forms fix OpenCC's character mistakes")
    func phrasesAndWrongForms() {
        let generator = ScriptPageGenerator(glossary: Glossary(terms: [
            term("并发", "並行"), term("并发送", "並傳送", wrong: ["併發送"]), term("发生", "發生", wrong: ["髮生"]),
        ]))
        #expect(generator.convert("字母进入文本，并发送事件", to: .zhHant) == "字母進入文字，並傳送事件")
        #expect(generator.convert("并发", to: .zhHant) == "並行")
        #expect(ScriptPageGenerator(glossary: Glossary()).convert("在文本框之间切换发生在", to: .zhHant).contains("髮生"))
        #expect(generator.convert("在文本框之间切换发生在", to: .zhHant).contains("切換發生"))
    }

    @Test("replacements are made in one pass: an entry that OpenCC already gets right keeps a longer word whole")
    func onePass() {
        let generator = ScriptPageGenerator(glossary: Glossary(terms: [term("库", "函式庫"), term("数据库", "資料庫")]))
        #expect(generator.convert("数据库和聊天库", to: .zhHant) == "資料庫和聊天函式庫")
        // A replacement is not replaced again: 函式庫 holds 庫, yet stays as it is.
        #expect(generator.convert("这些库", to: .zhHant) == "這些函式庫")
    }

    @Test("glossary entries may say where the choice comes from and what OpenCC writes wrongly; other keys are errors")
    func glossaryKeys() throws {
        let folder = try TemporaryCourse(["glossary.yml": """
            terms:
              - {zh-Hans: 工具栏, zh-Hant: 工具列, source: microsoft, note: "bar → 列"}
              - {zh-Hans: 发生, zh-Hant: 發生, wrong: [髮生], source: opencc}
              - {zh-Hans: 重写, zh-Hant: 覆寫, wrong: {a: b}}
              - {zh-Hans: 子类, zh-Hant: 子類別, sauce: tw-dev}
            """]).path
        var bag = DiagnosticBag()
        let glossary = Glossary.load(contentPath: folder, into: &bag)
        #expect(glossary.terms.map(\.source) == ["microsoft", "opencc", nil, nil])
        #expect(glossary.terms[1].wrong == ["髮生"])
        #expect(bag.diagnostics.map(\.location.line) == [4, 5])
        #expect(bag.diagnostics.allSatisfy { $0.id == .glossaryShape })
    }

    @Test("search takes the glossary's words as synonyms, not its single characters nor its fixes of OpenCC")
    func searchPairs() {
        var fix = term("并发送", "並傳送", wrong: ["併發送"])
        fix.source = "opencc"
        let glossary = Glossary(terms: [term("工具栏", "工具列"), term("栏", "列"), fix])
        #expect(glossary.searchPairs == [["工具栏", "工具列"]])
    }

    func page(_ markdown: String) -> GeneratedPage {
        var bag = DiagnosticBag()
        let source = LessonParser().parse(SourceFile(path: "content/k/zh-Hans.md", text: markdown), slug: "k", language: .zhHans, into: &bag)
        return GeneratedPage(converting: source, to: .zhHant, text: markdown, facts: GeneratedPage.Facts(source))
    }

    @Test("the check flags listed forms in prose and comments at their line, not in code, code spans or allowed phrases")
    func mainlandCheck() {
        let forms = MainlandForms(forms: [
            .init(form: "工具欄", taiwan: "工具列"), .init(form: "子類", taiwan: "子類別", except: ["子類別"]),
        ])
        let text = """
            ---
            title: 工具列
            ---

            一個子類別，底部的工具欄和 `let 工具欄 = 1`，[子類](../子類/)。

            ```swift
            let 子類 = "工具欄" // 子類的工具欄
            ```

            ```output
            工具欄
            ```
            """
        var bag = DiagnosticBag()
        forms.check(page(text), into: &bag)
        let found = bag.diagnostics.map { "\($0.location.line):\($0.location.column)" }.sorted()
        #expect(found == ["5:10", "5:30", "8:19", "8:22"])
        #expect(bag.diagnostics.allSatisfy { $0.id == .mainlandForm && $0.severity == .warning })
        #expect(bag.diagnostics.first?.message.contains("Taiwan writes 工具列") == true)
    }

    @Test("the mainland-forms file: items are forms or mappings with form, taiwan, note and except")
    func mainlandFormsFile() throws {
        let folder = try TemporaryCourse(["mainland-forms.yml": """
            forms:
              - 髮生
              - {form: 子類, taiwan: 子類別, except: [子類別], note: subclass}
              - {taiwan: 工具列}
              - {form: 單元格, spelling: 儲存格}
            """]).path
        var bag = DiagnosticBag()
        let forms = MainlandForms.load(contentPath: folder, into: &bag)
        #expect(forms.forms.map(\.form) == ["髮生", "子類", "單元格"])
        #expect(forms.forms[1].except == ["子類別"])
        #expect(bag.diagnostics.map(\.location.line) == [4, 5])
    }

    @Test("the course's glossary has at least 150 sourced entries, and its converted lessons have no listed mainland form")
    func course() throws {
        var bag = DiagnosticBag()
        let glossary = Glossary.load(contentPath: Self.content, into: &bag)
        let forms = MainlandForms.load(contentPath: Self.content, into: &bag)
        #expect(bag.diagnostics.isEmpty)
        #expect(glossary.terms.count >= 150)
        let sources: Set = ["apple", "microsoft", "tw-dev", "opencc", "judgement"]
        #expect(glossary.terms.filter { !sources.contains($0.source ?? "") }.map(\.line) == [])
        #expect(forms.forms.count >= 100)
        let course = CourseLoader(contentPath: Self.content).load(into: &bag)
        let generator = ScriptPageGenerator(glossary: glossary)
        var found = DiagnosticBag()
        for lesson in course.lessons {
            guard let index = lesson.documentIndex(.zhHans), lesson.documentIndex(.zhHant) == nil else { continue }
            forms.check(try generator.page(lesson.documents[index], to: .zhHant), into: &found)
        }
        #expect(found.diagnostics.map { "\($0.location) \($0.message)" } == [])
    }
}
