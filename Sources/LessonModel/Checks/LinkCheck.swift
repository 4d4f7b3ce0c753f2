import Diagnostics
import Foundation
import MarkdownSyntax
import TutorbuildSupport

/// Finds links to lessons or sections that do not exist, and images that are missing.
public struct LinkCheck: CourseCheck {
    /// Links and their targets in other lessons.
    public var reads: CheckReads { CheckReads(inlineDetail: .plainTextAndLinks, otherLessons: true) }

    public init() {}

    public func check(_ course: Course, into bag: inout DiagnosticBag) {
        // Documents are independent; walk them on every core and keep the diagnostics in document order.
        // Found by position in their lessons: `course.documents` would copy every one into a new array first.
        let positions = course.lessons.indices.flatMap { l in course.lessons[l].documents.indices.map { (lesson: l, document: $0) } }
        let lessons = LessonIndex(course)
        let results = positions.parallelMap { l, d in
            var walker = LinkWalker(check: self, document: course.lessons[l].documents[d], course: lessons)
            walker.walk(course.lessons[l].documents[d].markdown.blocks)
            return walker.bag
        }
        for local in results {
            bag.append(contentsOf: local.diagnostics)
        }
    }

    /// One document's links and images, checked where they are.
    private struct LinkWalker: MarkupWalker {
        let check: LinkCheck
        let document: LessonDocument
        let course: LessonIndex
        var bag = DiagnosticBag()

        mutating func visitInline(_ inline: InlineNode) -> MarkupWalkAction {
            switch inline.kind {
            case .link(let destination, _):
                // Locations are only worked out for a link that is reported: a paragraph can hold a
                // link per word.
                let before = bag.diagnostics.count
                check.checkLink(destination, at: inline.range.start, document, course, &bag)
                if bag.diagnostics.count > before { bag.setEndLocation(document.location(inline.range.end), from: before) }
            case .image(let source, _):
                checkImage(source, inline.range)
            default:
                break
            }
            return .visitChildren
        }

        private mutating func checkImage(_ source: String, _ range: SourceRange) {
            if let problem = LinkCheck.imageProblem(source) {
                bag.error(problem.id, document.location(range.start), problem.message)
                bag.setEndLocation(document.location(range.end), from: bag.diagnostics.count - 1)
            } else if check.isLocal(source) {
                let folder = (document.path as NSString).deletingLastPathComponent
                let file = (folder as NSString).appendingPathComponent(check.decoded(source))
                if let problem = LessonAsset.problem(check.decoded(source), below: folder) {
                    // A link or an oversized file is not copied: the picture would be missing from the page.
                    let id: Diagnostic.ID = problem.id == .courseFileLink ? .lessonImageLink : .lessonImageTooLarge
                    bag.error(id, document.location(range.start), .imageNotCopied(source, problem.reason))
                    bag.setEndLocation(document.location(range.end), from: bag.diagnostics.count - 1)
                } else if !FileManager.default.fileExists(atPath: file) {
                    bag.error(.lessonImageMissing, document.location(range.start), .imageMissing(source))
                    bag.setEndLocation(document.location(range.end), from: bag.diagnostics.count - 1)
                }
            }
        }
    }

    /// Why an image source cannot be on a page, which promises no requests outside the site: another
    /// site (`https://…`, `//host/…`), another scheme (`file:`), an absolute path, or a path out of the
    /// lesson's folder (only that folder is copied into the site). Inline `data:image/` pictures are fine.
    static func imageProblem(_ source: String) -> (id: Diagnostic.ID, message: Diagnostic.Message)? {
        let lowercased = source.lowercased()
        if lowercased.hasPrefix("data:image/") { return nil }
        if source.hasPrefix("//") || source.contains(":") {
            return (.lessonImageExternal, .imageOutsideSite(source))
        }
        let path = source.utf8.contains(UInt8(ascii: "%")) ? (source.removingPercentEncoding ?? source) : source
        if path.hasPrefix("/") || path.split(separator: "/").contains("..") {
            return (.lessonImageOutside, .imageOutsideLesson(source))
        }
        return nil
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
        if path.isEmpty {
            checkFragment(fragment, of: destination, at: position, document, in: document.path, hasAnchor: document.hasAnchor, &bag)
            return
        }
        // Lessons link to each other as ../slug/ (optionally ../slug/index.html).
        let components = path.split(separator: "/").filter { $0 != "index.html" }
        guard components.count == 2, components[0] == "..", let lesson = course.lesson(String(components[1])) else {
            if components.first == "..", components.count >= 2 {
                bag.error(.lessonLinkBroken, document.location(position), .linkToNoLesson(destination))
            }
            return
        }
        guard let target = lesson.version(shownTo: document.language) else { return }
        checkFragment(fragment, of: destination, at: position, document, in: target.path, hasAnchor: target.anchorIDs.contains, &bag)
    }

    /// Reports a `#fragment` of a link in `document` that names no heading of the page the link leads to
    /// (the file at `targetPath`, whose anchors `hasAnchor` knows).
    private func checkFragment(
        _ fragment: String?, of destination: String, at position: SourcePosition, _ document: LessonDocument, in targetPath: String,
        hasAnchor: (String) -> Bool, _ bag: inout DiagnosticBag
    ) {
        guard let fragment, !fragment.isEmpty, !hasAnchor(decoded(fragment)) else { return }
        bag.error(.lessonLinkBrokenAnchor, document.location(position), .linkToNoSection(destination, fragment: fragment, in: targetPath))
    }
}

/// Every lesson's outline by slug, loaded or not, made once per check instead of searching the course for every link.
private struct LessonIndex: Sendable {
    private let lessons: [String: LessonOutline]

    init(_ course: Course) {
        var lessons: [String: LessonOutline] = [:]
        for lesson in course.lessons where lessons[lesson.slug] == nil { lessons[lesson.slug] = LessonOutline(lesson) }
        for outline in course.otherLessons where lessons[outline.slug] == nil { lessons[outline.slug] = outline }
        self.lessons = lessons
    }

    func lesson(_ slug: String) -> LessonOutline? { lessons[slug] }
}
