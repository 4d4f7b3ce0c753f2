import Diagnostics
import Foundation
import LessonModel
import TutorbuildSupport

/// What the last whole or partial build into a site made of each lesson, so that a rebuild after an edit
/// loads only the lessons whose folders changed (docs/site.md, "Build behaviour").
///
/// Kept beside `BuildRecord`, with the same life: removed before a build changes the site, written after
/// it has published without errors. Its inputs (`settings`) are everything but the content folder, which
/// it describes entry by entry instead.
public struct LessonRecords: Sendable, Equatable, Codable {
    static let format = "tutorbuild-lesson-records-2"

    /// One lesson as the last build left it.
    public struct Lesson: Sendable, Equatable, Codable {
        /// What its pages are, for the site.
        public var site: RecordedLesson
        /// `DocTestRunner.snippetInputs(of:)`: a rebuild that keeps `results.json` as it is needs this unchanged.
        public var snippetInputs: String
        /// Its snippets' doc-test outcomes, for the run's summary line.
        public var passed: Int
        public var failed: Int
        public var skipped: Int
        /// `SearchFolding.hanCharacters(of:)`, for the search folding table.
        public var hanCharacters: String

        public init(site: RecordedLesson, snippetInputs: String, passed: Int, failed: Int, skipped: Int, hanCharacters: String) {
            self.site = site
            self.snippetInputs = snippetInputs
            self.passed = passed
            self.failed = failed
            self.skipped = skipped
            self.hanCharacters = hanCharacters
        }
    }

    /// Every top-level entry of the content folder and its hash (`BuildRecord.ContentSnapshot.entries`).
    public var entries: [String: String]
    /// Every lesson, in course order.
    public var lessons: [Lesson]
    /// The build's diagnostics (only warnings: a build with errors writes no record).
    public var diagnostics: [Diagnostic]

    public init(entries: [String: String], lessons: [Lesson], diagnostics: [Diagnostic]) {
        self.entries = entries
        self.lessons = lessons
        self.diagnostics = diagnostics
    }

    /// Where the records of the last build into `outputPath` are kept: beside its `BuildRecord`.
    public static func path(in workspace: Workspace, outputPath: String) -> String {
        BuildRecord.path(in: workspace, outputPath: outputPath) + ".lessons"
    }

    /// The records at `path` of a build with `settings`, or `nil` when there are none whole in this format.
    public static func load(from path: String, settings: String) -> LessonRecords? {
        guard let bytes = RegularFile.bytes(atPath: path) else { return nil }
        // The first line names the format, the settings and the hash of the rest (a damaged or cut file is
        // refused): XXH3 rather than `CacheFile.seal`'s SHA-256, which took longer than loading the one lesson
        // that changed, over the records of a thousand.
        guard let lineEnd = bytes.firstIndex(of: 0x0A) else { return nil }
        let body = bytes[(lineEnd + 1)...]
        let expected = "\(format) \(settings) \(body.withUnsafeBufferPointer { ContentHash.of($0) })"
        guard bytes[..<lineEnd].elementsEqual(expected.utf8) else { return nil }
        return SpeedMachinery.lineFormats ? LessonRecords(lines: body) : try? JSONDecoder().decode(LessonRecords.self, from: Data(body))
    }

    /// Writes the records atomically (a reader sees the old ones, the new ones or none).
    public func write(to path: String, settings: String) {
        var body = SpeedMachinery.lineFormats ? Array(lines.utf8) : (try? JSONEncoder().encode(self)).map(Array.init) ?? []
        let head = "\(Self.format) \(settings) \(body.withUnsafeBufferPointer { ContentHash.of($0) })\n"
        body.insert(contentsOf: head.utf8, at: 0)
        CacheFile.write(body, to: path)
    }

    /// The Chinese languages whose hand-written page of a lesson among `slugs` (top-level folders of `contentPath`) is
    /// not the recorded one: each of them will be converted to the other script, so a build can open OpenCC early.
    /// A lesson the records do not have counts for each Chinese file it holds.
    public func changedChineseSources(in slugs: Set<String>, contentPath: String) -> Set<Language> {
        var changed: Set<Language> = []
        let recorded = Dictionary(lessons.map { ($0.site.slug, $0.site) }, uniquingKeysWith: { first, _ in first })
        for slug in slugs {
            for language in Language.allCases where language.isChinese && !changed.contains(language) {
                let page = recorded[slug]?.pages.first { $0.language == language && $0.generatedFrom == nil }
                let path = contentPath + "/" + slug + "/" + language.rawValue + ".md"
                guard let text = RegularFile.withContents(of: path, { String(decoding: $0, as: UTF8.self) }) else { continue }
                if page.map({ ContentHash.of(text) != $0.sourceHash }) ?? true { changed.insert(language) }
            }
        }
        return changed
    }

    /// Forgets the records: the site is about to change.
    public static func remove(at path: String) {
        unlink(path)
    }
}
