import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
import TutorbuildSupport
@testable import SiteBuilder

@Suite("Build behaviour")
struct BuildBehaviourTests {
    @Test("a build that fails in any step leaves the previous site intact", arguments: SiteStep.Name.allCases)
    func failedBuildKeepsOldSite(step: SiteStep.Name) throws {
        let (site, _) = try SiteFixture.buildFixtureSite()
        let marker = site.appendingPathComponent("marker.txt")
        try Data("old".utf8).write(to: marker)
        let before = SiteFixture.read(site, "en/keyboard-avoidance/index.html")

        let (course, _) = SiteFixture.loadCourse()
        var options = SiteOptions()
        options.failAtStep = step
        var bag = DiagnosticBag()
        #expect(throws: SiteBuildError.self) {
            try SiteBuilder(course: course, report: nil, options: options).build(outputPath: site.path, into: &bag)
        }
        #expect(SiteFixture.read(site, "marker.txt") == "old")
        #expect(SiteFixture.read(site, "en/keyboard-avoidance/index.html") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: site.deletingLastPathComponent().path)
        #expect(leftovers == ["site"], "temporary folders left: \(leftovers)")
    }

    @Test("a successful build replaces the whole folder")
    func successReplaces() throws {
        let (site, _) = try SiteFixture.buildFixtureSite()
        try Data("old".utf8).write(to: site.appendingPathComponent("stale.html"))
        try SiteFixture.buildFixtureSite(into: site)
        #expect(!FileManager.default.fileExists(atPath: site.appendingPathComponent("stale.html").path))
        #expect(FileManager.default.fileExists(atPath: site.appendingPathComponent("index.html").path))
    }

    @Test("rebuilding after editing one lesson re-renders only its page")
    func incremental() throws {
        let files = [
            "a/en.md": "---\ntitle: A\norder: 1\n---\n\nAlpha.\n",
            "b/en.md": "---\ntitle: B\norder: 2\n---\n\nBravo.\n",
            "c/en.md": "---\ntitle: C\norder: 3\n---\n\nCharlie.\n",
        ]
        let content = try TemporaryCourse(files).path
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        let first = try SiteBuilder(course: SiteFixture.loadCourse(content).0, report: nil).build(outputPath: out.path, into: &bag)
        #expect(first.pagesReused == 0)
        let second = try SiteBuilder(course: SiteFixture.loadCourse(content).0, report: nil).build(outputPath: out.path, into: &bag)
        #expect(second.pagesReused == 3)
        try Data("---\ntitle: C\norder: 3\n---\n\nCharlie, edited.\n".utf8).write(to: URL(fileURLWithPath: content + "/c/en.md"))
        let third = try SiteBuilder(course: SiteFixture.loadCourse(content).0, report: nil).build(outputPath: out.path, into: &bag)
        #expect(third.pagesReused == 2)
        #expect(SiteFixture.read(out, "en/c/index.html").contains("Charlie, edited."))
        // B shows C's title in its pager: renaming C re-renders B as well.
        try Data("---\ntitle: See\norder: 3\n---\n\nCharlie.\n".utf8).write(to: URL(fileURLWithPath: content + "/c/en.md"))
        let fourth = try SiteBuilder(course: SiteFixture.loadCourse(content).0, report: nil).build(outputPath: out.path, into: &bag)
        #expect(fourth.pagesReused == 1)
        #expect(SiteFixture.read(out, "en/b/index.html").contains("See"))
    }

    @Test("issue 18: editing a source marks its translation's page stale, although the translation's file did not change")
    func staleTranslationRendered() throws {
        let english = "---\ntitle: A\nsource: en\n---\n\nIntro.\n\n## One {#one}\n\nFirst words.\n"
        var bag = DiagnosticBag()
        let parsed = LessonParser().parse(SourceFile(path: "content/a/en.md", text: english), slug: "a", language: .en, into: &bag)
        let recorded = "[" + TranslationFingerprint(parsed).recorded.joined(separator: ", ") + "]"
        let chinese = FrontMatterEditor.setting("translated-from", to: recorded, in: "---\ntitle: 甲\nsource: en\n---\n\n引言。\n\n## 一 {#one}\n\n正文。\n")!
        let course = try TemporaryCourse(["a/en.md": english, "a/zh-Hans.md": chinese])
        let out = TemporaryFolder.make().appendingPathComponent("site")
        func build() throws {
            var bag = DiagnosticBag()
            try SiteBuilder(course: SiteFixture.loadCourse(course.path).0, report: nil).build(outputPath: out.path, into: &bag)
        }
        try build()
        #expect(!SiteFixture.read(out, "zh-Hans/a/index.html").contains("translation-note stale"))
        try course.write("a/en.md", english.replacingOccurrences(of: "First words.", with: "First, better words."))
        try build()
        #expect(SiteFixture.read(out, "zh-Hans/a/index.html").contains("translation-note stale"))
    }

    @Test("issue 29: a preview's pages are in place before the search indexes are made, and the finished site equals a build that publishes at once")
    func pagesPublishedBeforeIndexes() throws {
        let files = [
            "a/en.md": "---\ntitle: A\norder: 1\n---\n\nAlpha.\n",
            "b/en.md": "---\ntitle: B\norder: 2\n---\n\nBravo.\n",
        ]
        let course = try TemporaryCourse(files)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        let seen = Locked<[String]>([])
        func build(_ output: URL, early: Bool) throws {
            var options = SiteOptions(mode: .serve)
            if early {
                options.pagesPublished = {
                    // What a reader of the served site sees at this moment.
                    seen.mutate {
                        $0.append(SiteFixture.read(output, "en/b/index.html"))
                        $0.append(SiteFixture.read(output, "search/en.js"))
                        $0.append(FileManager.default.fileExists(atPath: output.appendingPathComponent(BuildManifest.fileName).path) ? "manifest" : "none")
                    }
                }
            }
            var bag = DiagnosticBag()
            try SiteBuilder(course: SiteFixture.loadCourse(course.path).0, report: nil, options: options).build(outputPath: output.path, into: &bag)
        }
        try build(out, early: true)
        let indexBefore = SiteFixture.read(out, "search/en.js")
        seen.mutate { $0 = [] }
        try course.write("b/en.md", "---\ntitle: B\norder: 2\n---\n\nBravo, edited.\n")
        try build(out, early: true)
        let atPages = seen.value
        try #require(atPages.count == 3)
        #expect(atPages[0].contains("Bravo, edited."))
        #expect(atPages[1] == indexBefore, "the index is still the last build's when the pages are shown")
        #expect(atPages[2] == "none", "until the site is whole again, the next build trusts no manifest")
        #expect(SiteFixture.read(out, "search/en.js") != indexBefore)
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(BuildManifest.fileName).path))
        // The finished site is byte for byte the site of a build that publishes everything at the end.
        let whole = TemporaryFolder.make().appendingPathComponent("whole")
        try build(whole, early: false)
        let paths = try FileManager.default.subpathsOfDirectory(atPath: whole.path).filter { !$0.hasSuffix(BuildManifest.fileName) }.sorted()
        #expect(try FileManager.default.subpathsOfDirectory(atPath: out.path).filter { !$0.hasSuffix(BuildManifest.fileName) }.sorted() == paths)
        for path in paths { #expect(SiteFixture.read(out, path) == SiteFixture.read(whole, path), "\(path)") }
        // And the next build of the same content reuses every page, as after any build.
        var bag = DiagnosticBag()
        let again = try SiteBuilder(course: SiteFixture.loadCourse(course.path).0, report: nil, options: SiteOptions(mode: .serve)).build(outputPath: out.path, into: &bag)
        #expect(again.pagesReused == 2)
    }

    @Test("issue 18: a language's search index is made again only when one of its pages changed, and then equals a fresh build's")
    func searchIndexesReused() throws {
        let files = [
            "a/en.md": "---\ntitle: A\norder: 1\n---\n\n## Step one\n\nAlpha.\n",
            "a/zh-Hans.md": "---\ntitle: 甲\norder: 1\nsource: en\n---\n\n## 第一步\n\n正文。\n",
            "b/en.md": "---\ntitle: B\norder: 2\n---\n\nBravo.\n",
        ]
        let course = try TemporaryCourse(files)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        func build(_ output: URL) throws {
            var bag = DiagnosticBag()
            try SiteBuilder(course: SiteFixture.loadCourse(course.path).0, report: nil).build(outputPath: output.path, into: &bag)
        }
        func identity(_ path: String) -> [Int] {
            var info = stat()
            stat(out.appendingPathComponent(path).path, &info)
            return [Int(info.st_ino), info.st_mtim.tv_sec, info.st_mtim.tv_nsec]
        }
        func expectSameAsFreshBuild(sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
            let fresh = TemporaryFolder.make().appendingPathComponent("fresh")
            try build(fresh)
            for path in ["search/en.js", "search/zh-Hans.js"] {
                #expect(SiteFixture.read(out, path) == SiteFixture.read(fresh, path), "\(path)", sourceLocation: sourceLocation)
            }
        }
        try build(out)
        let chinese = identity("search/zh-Hans.js")
        let english = SiteFixture.read(out, "search/en.js")
        // An English edit: the Chinese index is kept as it is, the English one is made again.
        try course.write("b/en.md", "---\ntitle: B\norder: 2\n---\n\nBravo, edited.\n")
        try build(out)
        #expect(identity("search/zh-Hans.js") == chinese)
        #expect(SiteFixture.read(out, "search/en.js") != english)
        try expectSameAsFreshBuild()
        // A new English heading renames the aligned Chinese anchor, which the Chinese index links to.
        try course.write("a/en.md", "---\ntitle: A\norder: 1\n---\n\n## First step\n\nAlpha.\n")
        try build(out)
        #expect(SiteFixture.read(out, "search/zh-Hans.js").contains("first-step"))
        try expectSameAsFreshBuild()
    }

    @Test("the progress names each step")
    func steps() throws {
        final class Box: @unchecked Sendable { var lines: [String] = [] }
        let box = Box()
        let (course, _) = SiteFixture.loadCourse()
        var bag = DiagnosticBag()
        let out = TemporaryFolder.make().appendingPathComponent("site")
        try SiteBuilder(course: course, report: nil, options: SiteOptions(progress: { box.lines.append($0.description) }))
            .build(outputPath: out.path, into: &bag)
        #expect(box.lines.first == "[1/4] Prepare the output folder")
        #expect(box.lines.last == "[4/4] Publish the changed files")
    }
}

@Suite("Edge cases")
struct EdgeCaseTests {
    @Test("an empty course still builds a root page, a course page, 404, sitemap and an empty index")
    func emptyCourse() throws {
        let content = try TemporaryCourse(["site.yml": "default-language: zh-Hans\n"]).path
        let (course, _) = SiteFixture.loadCourse(content)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        let summary = try SiteBuilder(course: course, report: nil).build(outputPath: out.path + "/", into: &bag)
        for path in ["index.html", "zh-Hans/index.html", "404.html", "sitemap.xml", "search/zh-Hans.js"] {
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent(path).path), "missing \(path)")
        }
        #expect(HTMLProbe(html: SiteFixture.read(out, "zh-Hans/index.html")).htmlLang == "zh-Hans")
        #expect(summary.pagesRendered == 3)
    }

    @Test("files beside a lesson are copied into each of its pages' folders; links are not, with an error per lesson in course order")
    func lessonFiles() throws {
        var files: [String: String] = [:]
        for slug in ["a", "b", "c"] {
            files["\(slug)/en.md"] = "---\ntitle: \(slug)\norder: \(slug.unicodeScalars.first!.value)\n---\n\n![Screen](screen.svg)\n"
            files["\(slug)/zh-Hans.md"] = "---\ntitle: \(slug)\norder: \(slug.unicodeScalars.first!.value)\n---\n\n![屏幕](screen.svg)\n"
            files["\(slug)/screen.svg"] = "<svg id=\"\(slug)\"/>"
        }
        let content = try TemporaryCourse(files).path
        let outside = TemporaryFolder.make("outside").appendingPathComponent("secret.txt")
        try Data("secret".utf8).write(to: outside)
        for slug in ["c", "a"] {
            try FileManager.default.createSymbolicLink(atPath: content + "/\(slug)/secret.txt", withDestinationPath: outside.path)
        }
        let (course, _) = SiteFixture.loadCourse(content)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: course, report: nil).build(outputPath: out.path, into: &bag)
        for slug in ["a", "b", "c"] {
            for language in ["en", "zh-Hans"] {
                #expect(SiteFixture.read(out, "\(language)/\(slug)/screen.svg") == "<svg id=\"\(slug)\"/>")
                #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("\(language)/\(slug)/secret.txt").path))
            }
        }
        // Issue 30 #5: a link is never copied, wherever it leads.
        let errors = bag.diagnostics.filter { $0.id == .courseFileLink && $0.severity == .error }
        #expect(errors.map { ($0.location.path as NSString).pathComponents.suffix(2).joined(separator: "/") } == ["a/secret.txt", "c/secret.txt"])
    }

    @Test("a lesson only in Chinese is listed on the English course page and linked from English lessons")
    func chineseOnly() throws {
        let content = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\norder: 1\n---\n\nSee [B](../b/#x).\n",
            "b/zh-Hans.md": "---\ntitle: 乙\norder: 2\n---\n\n## 小节 {#x}\n\n内容。\n",
        ]).path
        let (course, _) = SiteFixture.loadCourse(content)
        let out = TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        try SiteBuilder(course: course, report: nil).build(outputPath: out.path, into: &bag)
        let list = SiteFixture.read(out, "en/index.html")
        #expect(list.contains("href=\"../zh-Hans/b/index.html\""))
        #expect(list.contains("Not yet translated"))
        #expect(SiteFixture.read(out, "en/a/index.html").contains("href=\"../../zh-Hans/b/index.html#x\""))
        let b = HTMLProbe(html: SiteFixture.read(out, "zh-Hans/b/index.html"))
        #expect(b.alternates == ["zh-Hans": "../../zh-Hans/b/", "x-default": "../../zh-Hans/b/"])
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("en/b").path))
    }
}

@Suite struct SummaryTests {
    @Test("the summary reads as one line")
    func line() {
        var summary = SiteBuildSummary()
        summary.pagesRendered = 4
        summary.pagesReused = 2000
        summary.searchIndexBytes = ["zh-Hans": 4_002_192, "en": 30_000]
        #expect(summary.description == "2004 pages (2000 unchanged), search index en 29 KB, zh-Hans 3.8 MB")
    }
}
