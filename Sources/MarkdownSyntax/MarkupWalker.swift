/// A walk over a Markdown tree in document order: every traversal of the tree is one, so each says only
/// what it does at the nodes it cares about.
///
/// Each block is visited, then (unless its visit says to skip them) its inlines in order, depth first, then
/// its child blocks. Nodes are passed by reference into the tree, never copied whole.
public protocol MarkupWalker {
    mutating func visitBlock(_ block: BlockNode) -> MarkupWalkAction
    mutating func visitInline(_ inline: InlineNode) -> MarkupWalkAction
}

/// Whether a walk goes into a node's children (a block's inlines and child blocks, an inline's children).
public enum MarkupWalkAction: Sendable {
    case visitChildren
    case skipChildren
}

extension MarkupWalker {
    public mutating func visitBlock(_ block: BlockNode) -> MarkupWalkAction { .visitChildren }
    public mutating func visitInline(_ inline: InlineNode) -> MarkupWalkAction { .visitChildren }

    /// Walks `blocks` and everything inside them.
    public mutating func walk(_ blocks: [BlockNode]) {
        // By index: `for block in blocks` would copy each node out of the array.
        for b in blocks.indices {
            guard visitBlock(blocks[b]) == .visitChildren else { continue }
            walk(blocks[b].inlines)
            walk(blocks[b].children)
        }
    }

    /// Walks `inlines` and their children.
    public mutating func walk(_ inlines: [InlineNode]) {
        for i in inlines.indices where visitInline(inlines[i]) == .visitChildren {
            walk(inlines[i].children)
        }
    }
}
