import Diagnostics
import Foundation
import LessonModel

/// A content folder in a temporary directory, written from a dictionary of relative paths.
struct TemporaryCourse {
    let path: String

    init(_ files: [String: String]) throws {
        path = NSTemporaryDirectory() + "tutorbuild-test-" + UUID().uuidString
        for (relative, text) in files {
            try write(relative, Data(text.utf8))
        }
    }

    func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    func load(checks: Bool = true) -> (Course, DiagnosticBag) {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: path).load(into: &bag)
        if checks { CourseChecks.run(course, into: &bag) }
        return (course, bag)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: path)
    }
}

/// Parses one lesson file's text on its own.
func parseLesson(_ text: String, language: Language = .en) -> (LessonDocument, DiagnosticBag) {
    var bag = DiagnosticBag()
    let document = LessonParser().parse(SourceFile(path: "content/x/\(language.rawValue).md", text: text), slug: "x", language: language, into: &bag)
    return (document, bag)
}

extension DiagnosticBag {
    var ids: [String] { diagnostics.map(\.id.rawValue) }

    func first(_ id: Diagnostic.ID) -> Diagnostic? { diagnostics.first { $0.id == id } }
}
