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
    init(translating course: consuming Course, report: VerificationReport?) {
        config = course.config
        contentPath = course.contentPath
        languages = Array(Set(course.languages + course.lessons.flatMap(\.pageLanguages))).sorted()
        let count = course.lessons.count
        let pending = Locked((consume course).lessons)
        let translated = ParallelResults<SiteLesson>(count: count)
        Parallel.forEach(count, workers: min(ProcessInfo.processInfo.activeProcessorCount, 8)) { next in
            var lesson = Lesson(slug: "", documents: [])
            pending.mutate { swap(&lesson, &$0[next]) }
            translated[next] = SiteLesson(translating: lesson, report: report)
        }
        lessons = (0..<count).map { translated[$0]! }
    }
}

extension SiteLesson {
    /// Translates each of `lesson`'s documents into its page.
    init(translating lesson: Lesson, report: VerificationReport?) {
        slug = lesson.slug
        sourceLanguage = lesson.sourceLanguage
        folder = lesson.documents.isEmpty ? "" : (lesson.documents[0].source.path as NSString).deletingLastPathComponent
        let written = lesson.documents.indices.map { PageContent(lesson.documents[$0], of: lesson, report: report) }
        let generated = lesson.generated.map { PageContent($0, of: lesson, report: report) }
        pages = generated.isEmpty ? written : (written + generated).sorted { $0.language < $1.language }
    }
}
