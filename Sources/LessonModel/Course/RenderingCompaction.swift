import MarkdownSyntax

extension LessonDocument {
    /// The document as rendering needs it: each block's inline tree folded to its plain text, and no raw tree.
    ///
    /// Pages render prose from cmark's HTML and search reads plain text, so once the checks have run
    /// the detailed inline nodes (most of a lesson's memory) are no longer needed.
    public func compactedForRendering() -> LessonDocument {
        var document = self
        document.markdown = MarkdownDocument(blocks: [])
        for s in document.sections.indices {
            if let heading = document.sections[s].heading { document.sections[s].heading = heading.compacted() }
            document.sections[s].blocks = document.sections[s].blocks.map { block in
                if case .markdown(let node) = block { return .markdown(node.compacted()) }
                return block
            }
        }
        return document
    }
}

extension Course {
    /// Compacts every document for rendering in place, a lesson at a time, so the full trees are freed as it goes.
    public mutating func compactForRendering() {
        for l in lessons.indices {
            for d in lessons[l].documents.indices {
                lessons[l].documents[d] = lessons[l].documents[d].compactedForRendering()
            }
        }
    }
}

extension BlockNode {
    fileprivate func compacted() -> BlockNode {
        var node = self
        if !inlines.isEmpty {
            node.inlines = [InlineNode(kind: .text(plainText), range: range)]
        }
        node.children = children.map { $0.compacted() }
        return node
    }
}
