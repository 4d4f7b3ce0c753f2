import DocTestProtocol
import Foundation
import LessonModel
import TutorbuildSupport

extension SiteCourse {
    /// Translates every page of `course`, lessons on every core; each document is then held only by its page's
    /// body (`PageBody`), until that is made.
    ///
    /// A worker takes a lesson out of the shared list rather than reading it there, so the list no longer
    /// holds the lesson's documents: a document is freed as soon as its page's body has been made.
    ///
    /// With `recorded`, `course` holds only the lessons that changed since the last build, and the
    /// others come from its record (`RecordedLesson`), in the course order it gives.
    init(translating course: consuming Course, recorded: RecordedCourse? = nil, report: VerificationReport?) {
        config = course.config
        contentPath = course.contentPath
        var languages = Set(course.languages + course.lessons.flatMap(\.pageLanguages))
        for lesson in recorded?.lessons ?? [] { languages.formUnion(lesson.pages.map(\.language)) }
        self.languages = languages.sorted()
        let count = course.lessons.count
        let pending = Locked((consume course).lessons)
        let translated = ParallelResults<SiteLesson>(count: count)
        Parallel.forEach(count, workers: min(ProcessInfo.processInfo.activeProcessorCount, 8)) { next in
            var lesson = Lesson(slug: "", documents: [])
            pending.mutate { swap(&lesson, &$0[next]) }
            translated[next] = SiteLesson(translating: lesson, report: report)
        }
        let loaded = (0..<count).map { translated[$0]! }
        guard let recorded else {
            lessons = loaded
            return
        }
        var bySlug = Dictionary(loaded.map { ($0.slug, $0) }, uniquingKeysWith: { first, _ in first })
        lessons = recorded.lessons.map { lesson in
            bySlug.removeValue(forKey: lesson.slug) ?? SiteLesson(lesson, read: recorded.read)
        }
        // A loaded lesson the record does not know is a whole build's business; kept anyway, last.
        lessons += loaded.filter { bySlug[$0.slug] != nil }
    }
}

extension SiteLesson {
    /// Translates each of `lesson`'s documents into its page.
    init(translating lesson: Lesson, report: VerificationReport?) {
        slug = lesson.slug
        sourceLanguage = lesson.sourceLanguage
        order = lesson.order
        folder = lesson.documents.isEmpty ? "" : (lesson.documents[0].source.path as NSString).deletingLastPathComponent
        let written = lesson.documents.indices.map { PageContent(lesson.documents[$0], of: lesson, report: report) }
        let generated = lesson.generated.map { PageContent($0, of: lesson, report: report) }
        pages = generated.isEmpty ? written : (written + generated).sorted { $0.language < $1.language }
    }
}

extension SiteLesson {
    /// A lesson this build did not load, from what the last build recorded of it.
    init(_ lesson: RecordedLesson, read: @escaping RecordedCourse.Reader) {
        slug = lesson.slug
        sourceLanguage = lesson.sourceLanguage
        order = lesson.order
        folder = lesson.folder
        pages = lesson.pages.map { PageContent($0, of: lesson, read: read) }
    }

    /// What the next rebuild needs of this lesson if it does not load it.
    var record: RecordedLesson {
        RecordedLesson(slug: slug, sourceLanguage: sourceLanguage, order: order, folder: folder, pages: pages.map(\.record))
    }
}
