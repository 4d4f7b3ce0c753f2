import Diagnostics
import DocTest
import Foundation
import LessonModel
import SiteBuilder

/// A rebuild that loads only the lessons whose folders changed since the last build into the site, and
/// takes everything else from that build's records (`LessonRecords`; docs/site.md, "Build behaviour").
///
/// It is a whole build's equal or nothing: it is planned only when nothing but lesson folders changed and
/// the last build's diagnostics all lie in content files. It is abandoned for a whole build when a step
/// that reads other lessons' outlines (`BuildFact.otherLessonOutlines`: the checks that declare it, the
/// pages) would find a loaded lesson's title, summary, order, languages or anchors not as recorded
/// (`unmet(_:in:)`), or when the site or `results.json` turns out not to be as recorded.
struct PartialRebuild {
    let records: LessonRecords
    /// The lessons to load.
    let changed: Set<String>
    /// The lessons not loaded, in course order.
    let others: [LessonRecords.Lesson]
    let contentPath: String

    /// The rebuild of the content `snapshot` shows, or `nil` when only a whole build will do.
    init?(records: LessonRecords, snapshot: BuildRecord.ContentSnapshot, contentPath: String) {
        guard Set(snapshot.entries.keys) == Set(records.entries.keys) else { return nil }
        let slugs = Set(records.lessons.map(\.site.slug))
        let changed = Set(snapshot.entries.filter { records.entries[$0.key] != $0.value }.map(\.key))
        // Something other than a lesson (site settings, the glossary, a new folder) decides every page.
        guard !changed.isEmpty, changed.isSubset(of: slugs) else { return nil }
        // Past a quarter of the course, loading the rest as well costs little more than comparing records.
        guard changed.count * 4 <= slugs.count else { return nil }
        let inside = Self.folder(contentPath, "")
        guard records.diagnostics.allSatisfy({ $0.location.path.hasPrefix(inside) }) else { return nil }
        self.records = records
        self.changed = changed
        others = records.lessons.filter { !changed.contains($0.site.slug) }
        self.contentPath = contentPath
    }

    /// The last build's diagnostics in the files of the lessons not loaded: what checking and verifying them
    /// would report again, since nothing they read changed. The rest (site settings, the glossary, the
    /// content folder's other entries, the changed lessons) this build reports itself.
    var keptDiagnostics: [Diagnostic] {
        let inside = Self.folder(contentPath, "")
        let slugs = Set(records.lessons.map(\.site.slug)).subtracting(changed)
        return records.diagnostics.filter { diagnostic in
            let path = diagnostic.location.path
            guard path.hasPrefix(inside) else { return false }
            let rest = path.dropFirst(inside.count)
            guard let slash = rest.firstIndex(of: "/") else { return false }
            return slugs.contains(String(rest[..<slash]))
        }
    }

    /// Why a step that reads `facts` cannot run over this rebuild's lessons, or `nil` when it can: a step
    /// that reads other lessons' outlines needs the loaded lessons' outlines to be those the lessons not
    /// loaded were built against (as the site builder made them once it has, else as loaded).
    func unmet(_ facts: Set<BuildFact>, in context: BuildContext) -> String? {
        guard facts.contains(.otherLessonOutlines) else { return nil }
        let agree = if let made = context.made { outlinesAgree(with: made) } else if let course = context.course { outlinesAgree(with: course) } else { true }
        return agree ? nil : "a title, summary, order, language or anchor changed, which other pages show"
    }

    /// Whether the loaded lessons' snippets are those recorded, given each one's `DocTestRunner.snippetInputs`
    /// by slug (otherwise their results in `results.json` are written again).
    func snippetsAgree(with inputs: [String: String]) -> Bool {
        inputs.count == changed.count && records.lessons.allSatisfy { lesson in
            !changed.contains(lesson.site.slug) || inputs[lesson.site.slug] == lesson.snippetInputs
        }
    }

    /// Whether what other lessons read of the loaded ones is as recorded, as far as their hand-written pages
    /// tell (generated pages follow from those): checked before the doc-tests run, so that a rebuild that
    /// must read every lesson finds out first.
    func outlinesAgree(with course: Course) -> Bool {
        let recorded = Dictionary(records.lessons.map { ($0.site.slug, $0.site) }, uniquingKeysWith: { first, _ in first })
        return course.lessons.allSatisfy { lesson in
            guard let record = recorded[lesson.slug], record.sourceLanguage == lesson.sourceLanguage, record.order == lesson.order else { return false }
            let written = record.pages.filter { $0.generatedFrom == nil }
            guard written.map(\.language) == lesson.languages else { return false }
            return zip(written, lesson.documents).allSatisfy { page, document in
                page.title == document.frontMatter.title && page.summary == document.frontMatter.summary
                    && page.sectionIDs.compactMap { $0 } == document.anchorIDs
            }
        }
    }

    /// Whether everything other lessons read of the loaded ones is as recorded (`RecordedLesson.hasSameOutline`),
    /// generated pages included: what the site builder made of every lesson, in course order.
    func outlinesAgree(with made: [RecordedLesson]) -> Bool {
        let recorded = Dictionary(records.lessons.map { ($0.site.slug, $0.site) }, uniquingKeysWith: { first, _ in first })
        return made.count == records.lessons.count
            && made.allSatisfy { lesson in recorded[lesson.slug].map { lesson.hasSameOutline(as: $0) } ?? false }
    }

    /// The path prefix of everything inside `slug`'s folder (of the content folder itself for `""`).
    private static func folder(_ contentPath: String, _ slug: String) -> String {
        let base = contentPath.hasSuffix("/") ? contentPath : contentPath + "/"
        return slug.isEmpty ? base : base + slug + "/"
    }
}
