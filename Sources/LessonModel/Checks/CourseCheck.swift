import Diagnostics

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
    ]

    public static func run(_ course: Course, into bag: inout DiagnosticBag) {
        for check in all { check.check(course, into: &bag) }
    }
}
