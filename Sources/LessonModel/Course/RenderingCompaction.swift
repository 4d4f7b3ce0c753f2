import Foundation
import MarkdownSyntax
import TutorbuildSupport

extension LessonDocument {
    /// The document as rendering needs it: each block's inline tree folded to its plain text, and no raw tree.
    ///
    /// Pages render prose from cmark's HTML and search reads plain text, so once the checks have run
    /// the detailed inline nodes (most of a lesson's memory) are no longer needed.
    public func compactedForRendering() -> LessonDocument {
        var document = self
        document.compactForRendering()
        return document
    }

    /// Compacts this document in place: its own sections array is rewritten rather than copied first.
    public mutating func compactForRendering() {
        // Parsed with `.plainText` (generated pages) or compacted before: already in rendering form.
        if inlineDetail == .plainText { return }
        inlineDetail = .plainText
        markdown = MarkdownDocument(blocks: [])
        // Every node is compacted where it lies: the raw tree above was its only other owner, so its arrays
        // are rewritten rather than copied.
        for s in sections.indices {
            sections[s].heading?.compact()
            for b in sections[s].blocks.indices { sections[s].blocks[b].compactMarkdown() }
        }
    }
}

extension Course {
    /// Compacts every document for rendering in place, lessons on every core, so each full tree is freed as soon as it is replaced.
    public mutating func compactForRendering() {
        lessons.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes only its own lessons' elements, so the buffer is shared without a lock.
            nonisolated(unsafe) let lessons = buffer
            Parallel.forEach(lessons.count) { l in
                for d in lessons[l].documents.indices {
                    lessons[l].documents[d].compactForRendering()
                }
            }
        }
    }
}

extension LessonBlock {
    /// Compacts a Markdown block's node in place.
    fileprivate mutating func compactMarkdown() {
        // Consumed rather than bound: a bound copy would share the node's arrays with this block, and
        // compacting it would copy them first.
        switch consume self {
        case .markdown(var node):
            node.compact()
            self = .markdown(node)
        case let other:
            self = other
        }
    }
}

extension BlockNode {
    fileprivate mutating func compact() {
        // One text node is already as small as it gets (a second compaction, or a plain paragraph).
        if !inlines.isEmpty, !(inlines.count == 1 && inlines[0].isPlainText) {
            inlines = [InlineNode(kind: .text(plainText), range: range)]
        }
        for c in children.indices { children[c].compact() }
    }
}

extension InlineNode {
    /// A text node without children: what compaction makes of a whole inline tree.
    fileprivate var isPlainText: Bool {
        if case .text = kind { return children.isEmpty }
        return false
    }
}
