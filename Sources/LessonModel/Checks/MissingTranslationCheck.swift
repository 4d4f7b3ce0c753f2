import Diagnostics

/// Warns when a lesson lacks English or Simplified Chinese: the translation is pending.
public struct MissingTranslationCheck: CourseCheck {
    public var reads: CheckReads { CheckReads(inlineDetail: .plainTextAndLinks, otherLessons: false) }

    public init() {}

    public func check(_ course: Course, into bag: inout DiagnosticBag) {
        for lesson in course.lessons {
            guard let present = lesson.sourceDocumentIndex else { continue }
            for language in [Language.en, .zhHans] where lesson.documentIndex(language) == nil {
                bag.warning(
                    .lessonTranslationMissing, .file(lesson.documents[present].path),
                    .translationMissing(lesson.slug, language))
            }
        }
    }
}
