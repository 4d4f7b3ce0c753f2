import Diagnostics
import Foundation
import TutorbuildSupport

/// Translations must carry the same snippets as their source: same order, code (comments aside) and output.
public struct SnippetTwinCheck: CourseCheck {
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
                    "snippet \(i + 1) has no twin in the \(source.language.rawValue) version",
                    notes: [.init(location: .file(source.path), message: "the \(source.language.rawValue) version has \(source.snippets.count) snippets")])
                continue
            }
            let ours = source.snippets[i]
            let there = Diagnostic.Note(location: source.location(ours.range.start), message: "the \(source.language.rawValue) twin is here")
            if ours.code != theirs.code, SwiftComments.normalized(ours.code) != SwiftComments.normalized(theirs.code) {
                bag.error(.snippetTwinCodeDiffers, here, "snippet \(i + 1) differs from its \(source.language.rawValue) twin (comments aside)", notes: [there])
            } else if ours.attributes != theirs.attributes {
                bag.error(.snippetTwinAttributesDiffer, here, "snippet \(i + 1) has other attributes than its \(source.language.rawValue) twin", notes: [there])
            }
            if normalizedOutput(ours.expectedOutput?.text) != normalizedOutput(theirs.expectedOutput?.text) {
                let location = theirs.expectedOutput.map { translation.location($0.range.start) } ?? here
                bag.error(.snippetTwinOutputDiffers, location, "expected output of snippet \(i + 1) differs from its \(source.language.rawValue) twin", notes: [there])
            }
        }
        if source.snippets.count > translation.snippets.count {
            let missing = source.snippets[translation.snippets.count]
            bag.error(
                .snippetTwinMissing, .file(translation.path),
                "the \(translation.language.rawValue) version has \(translation.snippets.count) snippets, the \(source.language.rawValue) version \(source.snippets.count)",
                notes: [.init(location: source.location(missing.range.start), message: "first snippet without a twin")])
        }
    }

    private func normalizedOutput(_ text: String?) -> String? {
        text.map { OutputComparison.normalized($0) }
    }
}

/// The one rule for comparing program output with an expected block.
public enum OutputComparison {
    /// Trailing whitespace at line ends and at the end does not count.
    public static func normalized(_ text: String) -> String {
        // Without carriage returns ("\r\n" is one Character) bytes give the same result as Characters: a
        // newline is always a Character of its own, and a trailing space or tab cannot join the mark after
        // it when a newline or the end follows. This runs for both twins of every snippet.
        let bytes = text.utf8
        if !bytes.contains(0x0D) {
            var out: [UInt8] = []
            out.reserveCapacity(bytes.count)
            var lineEnd = 0
            for byte in bytes {
                if byte == 0x0A {
                    out.removeSubrange(trailingBlanks(out, from: lineEnd)...)
                    out.append(byte)
                    lineEnd = out.count
                } else {
                    out.append(byte)
                }
            }
            out.removeSubrange(trailingBlanks(out, from: lineEnd)...)
            while out.last == 0x0A { out.removeLast() }
            return String(decoding: out, as: UTF8.self)
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0.trimmingSuffix { $0 == " " || $0 == "\t" || $0 == "\r" }) }
            .joined(separator: "\n")
            .trimmingSuffix { $0 == "\n" }
            .description
    }

    /// Where the spaces and tabs that end `bytes` start, looking no further back than `lineStart`.
    private static func trailingBlanks(_ bytes: [UInt8], from lineStart: Int) -> Int {
        var end = bytes.count
        while end > lineStart, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return end
    }
}
