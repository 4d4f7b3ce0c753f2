import Diagnostics
import MarkdownSyntax

/// One lint rule over a loaded course; each rule is its own small type.
public protocol CourseCheck: Sendable {
    func check(_ course: Course, into bag: inout DiagnosticBag)
}

/// The checks `tutorbuild check` (and every build) runs, in order.
public enum CourseChecks {
    public static let all: [any CourseCheck] = [
        MissingTranslationCheck(),
        SnippetTwinCheck(),
        LinkCheck(),
        StaleTranslationCheck(),
        SourceAgreementCheck(),
    ]

    /// The inline detail these checks read: links (LinkCheck), and no other node inside prose. Load a
    /// course with it when the checks are all that look inside its prose, as `check` and `build` do.
    public static let inlineDetail: InlineDetail = .plainTextAndLinks

    public static func run(_ course: Course, into bag: inout DiagnosticBag) {
        for check in all { check.check(course, into: &bag) }
    }
}
