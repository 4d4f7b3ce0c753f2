import Diagnostics
import Foundation
import LessonModel
import TestSupport
import Testing
@testable import SiteBuilder

@Suite("Search index jobs")
struct SearchIndexJobTests {
    /// A few Traditional → Simplified pairs, so that folding is exercised too.
    static let folding: [Character: Character] = ["鍵": "键", "盤": "盘", "應": "应", "裡": "里"]

    static func context(_ path: String) -> SiteContext {
        let (course, _) = SiteFixture.loadCourse(path)
        var options = SiteOptions()
        options.searchFolding = folding
        return SiteContext(site: SiteCourse(translating: course, report: nil), report: nil, options: options)
    }

    /// Each language's index of the course at `path` made on this thread, as a String.
    static func serialScripts(_ path: String) -> [Language: String] {
        let (course, _) = SiteFixture.loadCourse(path)
        let folding = ScriptFolding(name: "opencc-t2s", table: Self.folding)
        var scripts: [Language: String] = [:]
        for language in course.languages {
            var index = SearchIndexBuilder(language: language, folding: folding)
            for lesson in course.lessons {
                if let document = lesson.document(language) { index.add(PageContent(document, of: lesson, report: nil)) }
            }
            scripts[language] = index.script()
        }
        return scripts
    }

    @Test("each language's job writes its index, byte for byte the script, and records its size", arguments: SearchTermOrderTests.courses)
    func writesScripts(course path: String) throws {
        let context = Self.context(path)
        let root = TemporaryFolder.make("index-jobs")
        let sink = SiteFiles(root: root, previous: nil)
        let jobs = SearchIndexJob.jobs(for: context)
        #expect(Set(jobs.map(\.language)) == Set(context.languages))
        for job in jobs {
            _ = try job.run(for: context, folding: SearchIndexJob.folding(for: context), previous: nil, writingTo: sink)
        }
        try sink.publish(manifest: BuildManifest(), manifestFile: BuildManifest.fileName)
        for (language, script) in Self.serialScripts(path) {
            let written = try Data(contentsOf: root.appendingPathComponent(SearchIndexBuilder.indexPath(language)))
            #expect(written == Data(script.utf8), "\(language)")
            #expect(sink.summary.searchIndexBytes[language.rawValue] == script.utf8.count)
        }
    }

    @Test("a site built with search has the indexes; without search, none")
    func siteIndexes() throws {
        let context = Self.context(SiteFixture.coursePath)
        for search in [true, false] {
            var options = context.options
            options.search = search
            let output = TemporaryFolder.make().appendingPathComponent("site")
            var bag = DiagnosticBag()
            let course = SiteFixture.loadCourse(SiteFixture.coursePath).0
            _ = try SiteBuilder(course: course, report: nil, options: options).build(outputPath: output.path, into: &bag)
            for (language, script) in Self.serialScripts(SiteFixture.coursePath) {
                let path = output.appendingPathComponent(SearchIndexBuilder.indexPath(language)).path
                #expect(FileManager.default.fileExists(atPath: path) == search)
                if search { #expect(SiteFixture.read(output, SearchIndexBuilder.indexPath(language)) == script) }
            }
        }
    }

    @Test("jobs come largest first: the language with the most lesson text leads, ties in course order")
    func largestFirst() throws {
        let content = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\norder: 1\n---\n\nShort.\n",
            "a/zh-Hans.md": "---\ntitle: 甲\norder: 1\n---\n\n" + String(repeating: "键盘通知。", count: 200) + "\n",
            "b/en.md": "---\ntitle: B\norder: 2\n---\n\nShort too.\n",
        ]).path
        let context = Self.context(content)
        let jobs = SearchIndexJob.jobs(for: context)
        #expect(jobs.map(\.language).first == .zhHans)
        #expect(jobs.map(\.textSize) == jobs.map(\.textSize).sorted(by: >))
    }

    @Test("the render step hands out every index before anything else, and every lesson once, in course order")
    func schedule() throws {
        let context = Self.context(SiteFixture.coursePath)
        let indexes = SearchIndexJob.jobs(for: context)
        let jobs = RenderJob.schedule(indexes: indexes, lessonCount: 3)
        #expect(jobs == indexes.map { .index($0) } + [.coursePages, .sitemap, .lesson(0), .lesson(1), .lesson(2)])
        #expect(RenderJob.schedule(indexes: [], lessonCount: 2) == [.coursePages, .sitemap, .lesson(0), .lesson(1)])
    }

    @Test("an index that cannot be written fails the job, naming the index's folder")
    func writeFailure() throws {
        let context = Self.context(SiteFixture.coursePath)
        let root = TemporaryFolder.make("index-jobs")
        // A file where the `search` folder should go.
        try Data("x".utf8).write(to: root.appendingPathComponent("search"))
        let job = try #require(SearchIndexJob.jobs(for: context).first)
        let error = try #require(throws: SiteBuildError.self) {
            _ = try job.run(for: context, folding: .none, previous: nil, writingTo: SiteFiles(root: root, previous: nil))
        }
        #expect(error.path.hasSuffix("search") || error.path.hasPrefix("search/"))
    }
}
