import Diagnostics
import Foundation
import MarkdownSyntax

/// Finds links to lessons or sections that do not exist, and images that are missing.
public struct LinkCheck: CourseCheck {
    public init() {}

    public func check(_ course: Course, into bag: inout DiagnosticBag) {
        // Documents are independent; walk them on every core and keep the diagnostics in document order.
        let documents = course.documents
        let lessons = LessonIndex(course)
        let results = ParallelResults<DiagnosticBag>(count: documents.count)
        DispatchQueue.concurrentPerform(iterations: documents.count) { i in
            var local = DiagnosticBag()
            visit(documents[i].markdown.blocks, documents[i], lessons, &local)
            results[i] = local
        }
        for i in documents.indices {
            bag.append(contentsOf: results[i]?.diagnostics ?? [])
        }
    }

    private func visit(_ blocks: [BlockNode], _ document: LessonDocument, _ course: LessonIndex, _ bag: inout DiagnosticBag) {
        for block in blocks {
            visit(block.inlines, document, course, &bag)
            visit(block.children, document, course, &bag)
        }
    }

    private func visit(_ inlines: [InlineNode], _ document: LessonDocument, _ course: LessonIndex, _ bag: inout DiagnosticBag) {
        for inline in inlines {
            switch inline.kind {
            case .link(let destination, _):
                // Locations are only worked out for a link that is reported: a paragraph can hold a
                // link per word.
                let before = bag.diagnostics.count
                checkLink(destination, at: inline.range.start, document, course, &bag)
                if bag.diagnostics.count > before { bag.setEndLocation(document.location(inline.range.end), from: before) }
            case .image(let source, _):
                if isLocal(source) {
                    let folder = (document.path as NSString).deletingLastPathComponent
                    let file = (folder as NSString).appendingPathComponent(decoded(source))
                    if !FileManager.default.fileExists(atPath: file) {
                        bag.error("lesson.image.missing", document.location(inline.range.start), "image '\(source)' not found next to the lesson")
                        bag.setEndLocation(document.location(inline.range.end), from: bag.diagnostics.count - 1)
                    }
                }
            default:
                break
            }
            visit(inline.children, document, course, &bag)
        }
    }

    /// Percent-decoded text; Foundation is only asked when there is something to decode.
    private func decoded(_ text: String) -> String {
        text.utf8.contains(UInt8(ascii: "%")) ? (text.removingPercentEncoding ?? text) : text
    }

    private func isLocal(_ url: String) -> Bool {
        !url.isEmpty && !url.utf8.contains(UInt8(ascii: ":")) && !url.hasPrefix("/") && !url.hasPrefix("//")
    }

    private func checkLink(_ destination: String, at position: SourcePosition, _ document: LessonDocument, _ course: LessonIndex, _ bag: inout DiagnosticBag) {
        guard isLocal(destination) || destination.hasPrefix("#") else { return }
        let parts = destination.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = String(parts[0])
        let fragment = parts.count > 1 ? String(parts[1]) : nil
        var target: LessonDocument? = document
        if !path.isEmpty {
            // Lessons link to each other as ../slug/ (optionally ../slug/index.html).
            let components = path.split(separator: "/").filter { $0 != "index.html" }
            guard components.count == 2, components[0] == "..", let lesson = course.lesson(String(components[1])) else {
                if components.first == "..", components.count >= 2 {
                    bag.error("lesson.link.broken", document.location(position), "link '\(destination)' points at no lesson")
                }
                return
            }
            target = lesson.document(document.language) ?? lesson.sourceDocument
        }
        if let fragment, !fragment.isEmpty, let target, !target.anchorIDs.contains(decoded(fragment)) {
            bag.error("lesson.link.broken-anchor", document.location(position), "link '\(destination)' points at no section; '\(fragment)' is not a heading id in \(target.path)")
        }
    }
}

/// Lessons by slug, built once per check instead of searching the course for every link.
private struct LessonIndex: Sendable {
    private let lessons: [String: Lesson]

    init(_ course: Course) {
        var lessons: [String: Lesson] = [:]
        for lesson in course.lessons where lessons[lesson.slug] == nil { lessons[lesson.slug] = lesson }
        self.lessons = lessons
    }

    func lesson(_ slug: String) -> Lesson? { lessons[slug] }
}
