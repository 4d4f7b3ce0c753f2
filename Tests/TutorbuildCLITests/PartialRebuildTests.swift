import Diagnostics
import DocTest
import Foundation
import LessonModel
import SiteBuilder
import TestSupport
import Testing
@testable import TutorbuildCLI

/// A rebuild after an edit loads only the changed lessons, and is a whole build's equal or a whole build (issue 18).
@Suite("Partial rebuilds")
struct PartialRebuildTests {
    static func lesson(_ slug: String, pages: Int = 1) -> LessonRecords.Lesson {
        LessonRecords.Lesson(
            site: RecordedLesson(slug: slug, sourceLanguage: .en, order: 1, folder: "content/\(slug)", pages: []),
            snippetInputs: "", passed: 0, failed: 0, skipped: 0, hanCharacters: "")
    }

    static func records(diagnostics: [Diagnostic] = []) -> LessonRecords {
        LessonRecords(
            entries: ["a": "1", "b": "2", "c": "3", "d": "4", "site.yml": "5"],
            lessons: ["a", "b", "c", "d"].map { lesson($0) }, diagnostics: diagnostics)
    }

    static func snapshot(_ changes: [String: String?]) -> BuildRecord.ContentSnapshot {
        var entries = records().entries
        for (name, hash) in changes { entries[name] = hash }
        return BuildRecord.ContentSnapshot(hash: "whole", entries: entries)
    }

    static func warning(_ path: String) -> Diagnostic {
        Diagnostic(id: .siteWriteFailed, severity: .warning, location: SourceLocation(path: path, line: 1, column: 1), message: "w")
    }

    @Test("issue 18: only changed lesson folders, a quarter of the course at most, make a partial rebuild", arguments: [
        (["b": "changed"], ["b"]),
        (["b": "x", "c": "y"], nil),  // half the course
        (["site.yml": "changed"], nil),  // settings decide every page
        (["e": "new"], nil),  // a lesson or file appeared
        (["d": nil], nil),  // one disappeared
        ([:], nil),  // nothing changed in the content: the site did, and a whole build repairs it
    ] as [([String: String?], [String]?)])
    func planned(changes: [String: String?], changed: [String]?) {
        let partial = PartialRebuild(records: Self.records(), snapshot: Self.snapshot(changes), contentPath: "content")
        #expect(partial.map { $0.changed.sorted() } == changed)
    }

    @Test("issue 18: the last build's diagnostics in lessons not loaded are kept; others are made again or prevent a partial rebuild")
    func diagnostics() throws {
        let records = Self.records(diagnostics: [
            Self.warning("content/a/en.md"), Self.warning("content/b/zh-Hans.md"), Self.warning("content/site.yml"), Self.warning("content/ab/en.md"),
        ])
        let partial = try #require(PartialRebuild(records: records, snapshot: Self.snapshot(["b": "changed"]), contentPath: "content"))
        // b's are made again by loading it, site.yml's by reading the settings; "ab" is not a lesson of the record.
        #expect(partial.keptDiagnostics.map(\.location.path) == ["content/a/en.md"])
        // A diagnostic about the machine or the caches (not a content file) would be lost: a whole build reports it.
        for outside in ["content", "elsewhere/x", ".tutorbuild/cache/entry"] {
            let records = Self.records(diagnostics: [Self.warning(outside)])
            #expect(PartialRebuild(records: records, snapshot: Self.snapshot(["b": "changed"]), contentPath: "content") == nil, "\(outside)")
        }
    }
}

/// The real executable: a rebuild after each kind of edit against a whole build of the same content.
@Suite("Partial rebuilds of the tutorbuild process", .serialized)
struct PartialRebuildProcessTests {
    static func content() throws -> TemporaryCourse {
        var files: [String: String] = [:]
        for i in 0..<4 {
            files["lesson-\(i)/en.md"] = """
                ---
                title: Lesson \(i)
                order: \(i)
                ---

                ## Step {#step}

                First words of lesson \(i)\(i == 2 ? ", which links to [lesson 1](../lesson-1/#step)" : "").

                ## Second

                ```swift ignore
                print(\(i))
                ```

                """
        }
        for i in 0..<2 {
            files["lesson-\(i)/zh-Hans.md"] = """
                ---
                title: 第\(i)课
                order: \(i)
                ---

                ## 步骤 {#step}

                第\(i)课的正文。

                ## 第二节

                ```swift ignore
                print(\(i))
                ```

                """
        }
        // A warning the build reports, in a lesson no edit touches.
        files["only-chinese/zh-Hans.md"] = "---\ntitle: 只有中文\norder: 9\n---\n\n正文。\n"
        // Lesson 0's translation records the English version it matches, so an English edit makes it lag.
        var bag = DiagnosticBag()
        let english = LessonParser().parse(SourceFile(path: "en.md", text: files["lesson-0/en.md"]!), slug: "lesson-0", language: .en, into: &bag)
        let recorded = "[" + TranslationFingerprint(english).recorded.joined(separator: ", ") + "]"
        files["lesson-0/zh-Hans.md"] = FrontMatterEditor.setting("translated-from", to: recorded, in: files["lesson-0/zh-Hans.md"]!)!
        return try TemporaryCourse(files)
    }

    /// An edit, and whether the rebuild after it loads only the changed lesson.
    struct Edit: CustomTestStringConvertible, Sendable {
        var name: String
        var partial: Bool
        var apply: @Sendable (TemporaryCourse) throws -> Void
        var testDescription: String { name }

        static func replacing(_ name: String, partial: Bool, in file: String, _ old: String, with new: String) -> Edit {
            Edit(name: name, partial: partial) { course in
                let text = try course.read(file)
                precondition(text.contains(old), "the edit must change the file")
                try course.write(file, text.replacingOccurrences(of: old, with: new))
            }
        }
    }

    static let edits: [Edit] = [
        .replacing("English prose", partial: true, in: "lesson-1/en.md", "First words", with: "The first words"),
        .replacing("Chinese prose", partial: true, in: "lesson-1/zh-Hans.md", "的正文", with: "的新正文"),
        .replacing("English prose, its translation now lagging", partial: true, in: "lesson-0/en.md", "First words", with: "New first words"),
        .replacing("a heading renamed, its anchor given", partial: true, in: "lesson-1/en.md", "## Step {#step}", with: "## First step {#step}"),
        .replacing("an introduction added before the first heading", partial: true, in: "lesson-1/zh-Hans.md", "---\n\n## 步骤", with: "---\n\n新的引言。\n\n## 步骤"),
        .replacing("a heading renamed, and with it its anchor", partial: false, in: "lesson-1/en.md", "## Second", with: "## Next"),
        .replacing("a title", partial: false, in: "lesson-3/en.md", "title: Lesson 3", with: "title: The third lesson"),
        Edit(name: "a snippet in both languages", partial: true) { course in
            for file in ["lesson-0/en.md", "lesson-0/zh-Hans.md"] {
                try course.write(file, try course.read(file).replacingOccurrences(of: "print(0)", with: "print(10)"))
            }
        },
        .replacing("a broken link (an error)", partial: true, in: "lesson-3/en.md", "First words", with: "See [nothing](../lesson-1/#none). First words"),
        Edit(name: "a picture added", partial: true) { course in try course.write("lesson-3/picture.svg", "<svg xmlns='http://www.w3.org/2000/svg'/>") },
        Edit(name: "site settings added", partial: false) { course in try course.write("site.yml", "title: Course\n") },
    ]

    /// The results in `results.json` of the project at `root`, by snippet (path relative to `root`, index).
    static func results(_ root: String) -> [String: SnippetResult]? {
        guard let report = DocTestRunner.loadResults(from: root + "/.tutorbuild/results.json") else { return nil }
        return Dictionary(report.results.map { key, result in
            ("\(key.path.replacingOccurrences(of: root + "/", with: "")) \(key.index)", result)
        }, uniquingKeysWith: { first, _ in first })
    }

    /// The lines of a build's log that report on the course (diagnostics and the doc-test summary), paths
    /// relative to `root`.
    static func report(_ log: String, root: String) -> [String] {
        log.split(separator: "\n").map(String.init)
            .filter { $0.contains(": warning: ") || $0.contains(": error: ") || $0.contains(": note: ") || $0.hasSuffix(" skipped") }
            .map { $0.replacingOccurrences(of: root + "/", with: "").trimmingCharacters(in: .whitespaces) }
    }

    @Test("issue 18: after each kind of edit, a rebuild makes the site, diagnostics and exit status a whole build makes", arguments: Self.edits)
    func rebuildEqualsWholeBuild(edit: Edit) throws {
        try Self.expectRebuildEqualsWholeBuild(after: edit)
    }

    @Test("issue 18: without doc-tests, a snippet edit is read alone too, and the site is a whole build's")
    func snippetEditWithoutTests() throws {
        let edit = try #require(Self.edits.first { $0.name == "a snippet in both languages" })
        try Self.expectRebuildEqualsWholeBuild(after: Edit(name: edit.name, partial: true, apply: edit.apply), options: ["--no-test"])
    }

    static func expectRebuildEqualsWholeBuild(after edit: Edit, options: [String] = []) throws {
        let course = try Self.content()
        defer { try? FileManager.default.removeItem(atPath: course.root) }
        let arguments = { (root: String) in ["build", "--content", root + "/content", "--output", root + "/site"] + options }
        let first = try ProcessLevelTests.buildLog(arguments(course.root))
        try #require(first.status == 0, "\(first.log)")
        try edit.apply(course)
        let rebuild = try ProcessLevelTests.buildLog(arguments(course.root))
        // Whether it loaded only the edited lesson: the first step says how many lessons changed, and a
        // rebuild that finds it must read them all says so before it does.
        let loadedOne = rebuild.log.contains("1 of 5 lessons changed") && !rebuild.log.contains("reading every lesson")
        #expect(loadedOne == edit.partial, "\(rebuild.log)")
        // The same content, built whole in a new project.
        let whole = try TemporaryCourse([:])
        defer { try? FileManager.default.removeItem(atPath: whole.root) }
        try FileManager.default.removeItem(atPath: whole.path)
        try FileManager.default.copyItem(atPath: course.path, toPath: whole.path)
        let fresh = try ProcessLevelTests.buildLog(arguments(whole.root))
        #expect(rebuild.status == fresh.status)
        #expect(Self.report(rebuild.log, root: course.root) == Self.report(fresh.log, root: whole.root))
        // A failed build leaves the previous site and results, which the new project does not have.
        guard rebuild.status == 0 else { return }
        #expect(Self.results(course.root) == Self.results(whole.root), "results.json")
        #expect(ProcessLevelTests.snapshot(course.root + "/site") == ProcessLevelTests.snapshot(whole.root + "/site"))
        // The next rebuild starts from what this one recorded: another edit, then the same comparison.
        for project in [course, whole] {
            try project.write("lesson-3/en.md", try project.read("lesson-3/en.md") + "\nA closing sentence.\n")
        }
        let again = try ProcessLevelTests.buildLog(arguments(course.root))
        #expect(again.log.contains("1 of 5 lessons changed"), "\(again.log)")
        let freshAgain = try ProcessLevelTests.buildLog(arguments(whole.root) + ["--no-cache"])
        #expect(Self.report(again.log, root: course.root) == Self.report(freshAgain.log, root: whole.root))
        #expect(ProcessLevelTests.snapshot(course.root + "/site") == ProcessLevelTests.snapshot(whole.root + "/site"))
    }

    @Test("issue 18: a rebuild after an edit killed with SIGKILL at any moment leaves whole files; the next build equals a whole build")
    func killedPartialRebuilds() throws {
        let root = try ProcessLevelTests.content(lessons: 300)
        defer { try? FileManager.default.removeItem(atPath: root) }
        let arguments = { (root: String) in ["build", "--content", root + "/content", "--output", root + "/site", "--no-test"] }
        try #require(try ProcessLevelTests.build(arguments(root)) == 0)
        let edited = root + "/content/lesson-150/en.md"
        // Kill points by the build's progress, not by the clock: at launch, then after its first few files.
        let stages: [(String, (Date) -> Bool)] = [("at launch", { _ in true })] + [1, 2, 4, 8].map { count in
            ("after \(count) files", { ProcessLevelTests.written(in: root + "/site", since: $0) >= count })
        }
        for (k, (stage, reached)) in stages.enumerated() {
            let old = ProcessLevelTests.snapshot(root + "/site")
            try (try String(contentsOfFile: edited, encoding: .utf8) + "\nEdit \(k).\n").write(toFile: edited, atomically: true, encoding: .utf8)
            // The edited content built whole in a project of its own: what the site must become.
            let reference = try TemporaryCourse([:])
            defer { try? FileManager.default.removeItem(atPath: reference.root) }
            try FileManager.default.removeItem(atPath: reference.path)
            try FileManager.default.copyItem(atPath: root + "/content", toPath: reference.path)
            try #require(try ProcessLevelTests.build(arguments(reference.root)) == 0)
            let new = ProcessLevelTests.snapshot(reference.root + "/site")
            _ = try ProcessLevelTests.build(arguments(root), killWhen: reached)
            let now = ProcessLevelTests.snapshot(root + "/site")
            #expect(Set(now.keys) == Set(old.keys), "after a kill \(stage) the files differ")
            let torn = now.filter { $0.value != old[$0.key] && $0.value != new[$0.key] }.keys.sorted().prefix(3)
            #expect(torn.isEmpty, "after a kill \(stage) these files are neither old nor new: \(Array(torn))")
            // The build after it, whatever the kill left (records, staged files), makes the whole build's site.
            try #require(try ProcessLevelTests.build(arguments(root)) == 0)
            let repaired = ProcessLevelTests.snapshot(root + "/site")
            let wrong = Set(repaired.keys).symmetricDifference(new.keys).union(repaired.filter { new[$0.key] != $0.value }.keys)
            #expect(wrong.isEmpty, "after a kill \(stage), the next build differs from a whole build: \(wrong.sorted().prefix(5))")
        }
    }
}
