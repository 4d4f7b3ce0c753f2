import Diagnostics
import Foundation
import TutorbuildSupport

/// Translations must carry the same snippets as their source: same order, code (comments aside) and output.
public struct SnippetTwinCheck: CourseCheck {
    public var reads: CheckReads { CheckReads(inlineDetail: .plainTextAndLinks, otherLessons: false) }

    public init() {}

    public func check(_ course: Course, into bag: inout DiagnosticBag) {
        // Lessons are independent; compare them on every core and keep the diagnostics in lesson order.
        let results = course.lessons.parallelMap { lesson in
            var local = DiagnosticBag()
            if let s = lesson.sourceDocumentIndex {
                for d in lesson.documents.indices where lesson.documents[d].language != lesson.documents[s].language {
                    compare(lesson.documents[s], lesson.documents[d], into: &local)
                }
            }
            return local
        }
        for local in results {
            bag.append(contentsOf: local.diagnostics)
        }
    }

    private func compare(_ source: LessonDocument, _ translation: LessonDocument, into bag: inout DiagnosticBag) {
        for (i, theirs) in translation.snippets.enumerated() {
            let here = translation.location(theirs.range.start)
            let before = bag.diagnostics.count
            defer { bag.setEndLocation(translation.location(theirs.range.end), from: before) }
            guard i < source.snippets.count else {
                bag.error(
                    .snippetTwinExtra, here,
                    .twinExtra(i + 1, source: source.language),
                    notes: [.init(location: .file(source.path), message: "the \(source.language.rawValue) version has \(source.snippets.count) snippets")])
                continue
            }
            let ours = source.snippets[i]
            let there = Diagnostic.Note(location: source.location(ours.range.start), message: "the \(source.language.rawValue) twin is here")
            if ours.code != theirs.code, SwiftComments.normalized(ours.code) != SwiftComments.normalized(theirs.code) {
                bag.error(.snippetTwinCodeDiffers, here, .twinCodeDiffers(i + 1, source: source.language), notes: [there])
            } else if ours.attributes != theirs.attributes {
                bag.error(.snippetTwinAttributesDiffer, here, .twinAttributesDiffer(i + 1, source: source.language), notes: [there])
            }
            if !OutputComparison.matches(ours.expectedOutput?.text ?? "", theirs.expectedOutput?.text ?? "")
                || (ours.expectedOutput == nil) != (theirs.expectedOutput == nil) {
                let location = theirs.expectedOutput.map { translation.location($0.range.start) } ?? here
                bag.error(.snippetTwinOutputDiffers, location, .twinOutputDiffers(i + 1, source: source.language), notes: [there])
            }
        }
        if source.snippets.count > translation.snippets.count {
            let missing = source.snippets[translation.snippets.count]
            bag.error(
                .snippetTwinMissing, .file(translation.path),
                .twinsMissing(translation.language, has: translation.snippets.count, source.language, has: source.snippets.count),
                notes: [.init(location: source.location(missing.range.start), message: "first snippet without a twin")])
        }
    }
}

/// The one rule for comparing program output with an expected block.
///
/// Spaces, tabs and carriage returns at the end of a line, and line feeds at the end, do not count;
/// everything else is compared byte for byte (UTF-8): "é" precomposed and "e\u{301}" differ, though
/// Swift's `==` on strings calls them equal.
public enum OutputComparison {
    /// `text` without what the rule ignores.
    public static func normalized(_ text: String) -> String {
        // On bytes, never Characters: "\r\n" is one Character, which is not a newline and ends in no blank.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        var lineStart = 0
        for byte in text.utf8 {
            if byte == 0x0A {
                out.removeSubrange(trailingBlanks(out, from: lineStart)...)
                out.append(byte)
                lineStart = out.count
            } else {
                out.append(byte)
            }
        }
        out.removeSubrange(trailingBlanks(out, from: lineStart)...)
        // Every line before the last was trimmed at its newline already.
        while out.last == 0x0A { out.removeLast() }
        return String(decoding: out, as: UTF8.self)
    }

    /// Whether two outputs are the same under the rule.
    public static func matches(_ expected: String, _ actual: String) -> Bool {
        normalized(expected).utf8.elementsEqual(normalized(actual).utf8)
    }

    /// Where the spaces, tabs and carriage returns that end `bytes` start, looking no further back than `lineStart`.
    private static func trailingBlanks(_ bytes: [UInt8], from lineStart: Int) -> Int {
        var end = bytes.count
        while end > lineStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }
}
