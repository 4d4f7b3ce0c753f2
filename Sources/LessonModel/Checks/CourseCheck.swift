import Diagnostics
import MarkdownSyntax
import TutorbuildSupport

/// One lint rule over a loaded course; each rule is its own small type.
public protocol CourseCheck: Sendable {
    /// What the rule reads: loading and partial rebuilds are planned from these declarations.
    var reads: CheckReads { get }
    func check(_ course: Course, into bag: inout DiagnosticBag)
}

/// What a check reads of the course, besides the lesson files it reports on.
public struct CheckReads: Sendable, Hashable {
    /// How much of the prose's inline content the check looks at.
    public var inlineDetail: InlineDetail
    /// The check reads other lessons' outlines (titles, anchors, languages): its verdict on a lesson can
    /// change when another lesson does, so a partial rebuild must find those outlines as recorded.
    public var otherLessons: Bool

    public init(inlineDetail: InlineDetail, otherLessons: Bool) {
        self.inlineDetail = inlineDetail
        self.otherLessons = otherLessons
    }
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

    /// The inline detail these checks read, the most any of them declares. Load a course with it when the
    /// checks are all that look inside its prose, as `check` and `build` do.
    public static let inlineDetail: InlineDetail = all.contains { $0.reads.inlineDetail == .tree } ? .tree : .plainTextAndLinks

    /// Some check reads lessons besides the one it reports on (`CheckReads.otherLessons`).
    public static let readOtherLessons = all.contains { $0.reads.otherLessons }

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
