import Diagnostics
import Foundation
import LessonModel

/// A content folder written from a dictionary of relative paths, in a fresh temporary folder.
public struct TemporaryCourse: Sendable {
    /// The folder holding the content folder and whatever a test puts beside it (a cache, results, a site).
    public let root: String

    /// The content folder, `root/content`.
    public var path: String { root + "/content" }

    /// Writes `files` (paths inside the content folder such as `slug/en.md` or `site.yml`, mapped to their text).
    public init(_ files: [String: String] = [:]) throws {
        root = TemporaryFolder.make("course").path
        try FileManager.default.createDirectory(atPath: root + "/content", withIntermediateDirectories: true)
        for (relative, text) in files {
            try write(relative, text)
        }
    }

    public func write(_ relative: String, _ text: String) throws {
        try write(relative, Data(text.utf8))
    }

    public func write(_ relative: String, _ data: Data) throws {
        let url = URL(fileURLWithPath: path).appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try data.write(to: url)
    }

    public func read(_ relative: String) throws -> String {
        try String(contentsOfFile: path + "/" + relative, encoding: .utf8)
    }

    /// Loads the course, running the course checks too unless `checks` is false.
    public func load(checks: Bool = true) -> (Course, DiagnosticBag) {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: path).load(into: &bag)
        if checks { CourseChecks.run(course, into: &bag) }
        return (course, bag)
    }

    /// Removes the folder now rather than when the test process exits (for large courses).
    public func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// A lesson file with a title in its front matter and `body` after it.
    public static func lesson(_ title: String, _ body: String = "") -> String {
        "---\ntitle: \(title)\n---\n\n" + body
    }
}
