import Diagnostics
import MarkdownSyntax
import TutorbuildSupport

/// One lint rule over a loaded course; each rule is its own small type.
public protocol CourseCheck: Sendable {
    func check(_ course: Course, into bag: inout DiagnosticBag)
}

/// A rule that reads each lesson file on its own; the course is checked file by file.
public protocol LessonFileCheck: CourseCheck {
    func check(_ document: LessonDocument, into bag: inout DiagnosticBag)
}

extension LessonFileCheck {
    public func check(_ course: Course, into bag: inout DiagnosticBag) {
        for lesson in course.lessons {
            for d in lesson.documents.indices { check(lesson.documents[d], into: &bag) }
        }
    }
}

/// The checks `tutorbuild check` (and every build) runs, in order.
public enum CourseChecks {
    public static let all: [any CourseCheck] = [
        MissingTranslationCheck(),
        SnippetTwinCheck(),
        LinkCheck(),
        StaleTranslationCheck(),
        SourceAgreementCheck(),
        UncheckedOutputCheck(),
        HiddenProcessAPICheck(),
    ]

    /// The inline detail these checks read: links (LinkCheck), and no other node inside prose. Load a
    /// course with it when the checks are all that look inside its prose, as `check` and `build` do.
    public static let inlineDetail: InlineDetail = .plainTextAndLinks

    /// Runs every check, side by side (each reads the course alone); diagnostics come out in `all`'s order.
    public static func run(_ course: Course, into bag: inout DiagnosticBag) {
        let found = all.parallelMap { check in
            var found = DiagnosticBag()
            check.check(course, into: &found)
            return found
        }
        for checkBag in found { bag.append(contentsOf: checkBag.diagnostics) }
    }
}
