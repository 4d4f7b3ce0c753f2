import Diagnostics
import TutorbuildSupport

/// Short fingerprints of a source lesson's parts, recorded in a translation to tell when it falls behind.
///
/// One fingerprint per section (the introduction before the first heading counts as a section),
/// taken over the section's Markdown with whitespace runs folded, so re-wrapping a paragraph does
/// not mark a translation stale but any change of words, code or output does.
public struct TranslationFingerprint: Sendable, Hashable {
    public struct Part: Sendable, Hashable {
        /// The section's anchor id, or `nil` for the introduction.
        public var sectionID: String?
        public var title: String
        public var hash: String
    }

    public var parts: [Part]

    public init(parts: [Part]) {
        self.parts = parts
    }

    public init(_ document: LessonDocument) {
        let starts = document.sections.map { $0.heading?.range.start.line ?? 1 }
        var parts: [Part] = []
        // Indexed rather than enumerated: each `Section` would be copied whole for its id and title.
        for i in document.sections.indices {
            let first = starts[i]
            let last = i + 1 < starts.count ? starts[i + 1] - 1 : document.source.lineCount
            var hasher = FNV1a()
            // Front matter lines are part of the introduction: title and summary are translated too.
            let from = i == 0 ? 1 : first
            if from <= last {
                for line in from...last {
                    hasher.addFolded(document.source.lineBytes(line))
                }
            }
            parts.append(Part(sectionID: document.sections[i].id, title: document.sections[i].title, hash: hasher.shortHex))
        }
        self.parts = parts
    }

    /// The value written to `translated-from:`: the hashes in order.
    public var recorded: [String] { parts.map(\.hash) }

    /// The parts of this (current) fingerprint whose hash differs from what was recorded.
    public func changes(since recorded: [String]) -> [Part] {
        var changed: [Part] = []
        for (i, part) in parts.enumerated() where i >= recorded.count || recorded[i] != part.hash {
            changed.append(part)
        }
        return changed
    }
}
