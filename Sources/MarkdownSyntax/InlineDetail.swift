/// How much of a paragraph's or heading's inline content the parser copies out of cmark.
public enum InlineDetail: Sendable, Hashable {
    /// Every inline node with its range and children, for checks and script conversion that look inside prose.
    case tree
    /// Links and images as nodes (their own text folded to plain text) between runs of plain text, and no
    /// other inline node: what the course checks read (links) and what pages read (plain text), with far
    /// fewer nodes and Strings to make and free than the tree. A line break is a `\n` in the text, which
    /// `BlockNode.plainText` turns into a space or, between Chinese characters, nothing.
    case plainTextAndLinks
}
