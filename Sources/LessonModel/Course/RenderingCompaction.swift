import Foundation
import MarkdownSyntax

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
        for s in sections.indices {
            if let heading = sections[s].heading { sections[s].heading = heading.compacted() }
            for b in sections[s].blocks.indices {
                if case .markdown(let node) = sections[s].blocks[b] { sections[s].blocks[b] = .markdown(node.compacted()) }
            }
        }
    }
}

extension Course {
    /// Compacts every document for rendering in place, lessons on every core, so each full tree is freed as soon as it is replaced.
    public mutating func compactForRendering() {
        lessons.withUnsafeMutableBufferPointer { buffer in
            // Each worker writes only its own lessons' elements, so the buffer is shared without a lock.
            nonisolated(unsafe) let lessons = buffer
            DispatchQueue.concurrentPerform(iterations: lessons.count) { l in
                for d in lessons[l].documents.indices {
                    lessons[l].documents[d].compactForRendering()
                }
            }
        }
    }
}

extension BlockNode {
    fileprivate func compacted() -> BlockNode {
        var node = self
        // One text node is already as small as it gets (a second compaction, or a plain paragraph).
        if !inlines.isEmpty, !(inlines.count == 1 && inlines[0].isPlainText) {
            node.inlines = [InlineNode(kind: .text(plainText), range: range)]
        }
        node.children = children.map { $0.compacted() }
        return node
    }
}

extension InlineNode {
    /// A text node without children: what compaction makes of a whole inline tree.
    fileprivate var isPlainText: Bool {
        if case .text = kind { return children.isEmpty }
        return false
    }
}
