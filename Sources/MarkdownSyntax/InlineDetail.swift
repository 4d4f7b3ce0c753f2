/// How much of a paragraph's or heading's inline content the parser copies out of cmark.
public enum InlineDetail: Sendable, Hashable {
    /// Every inline node with its range and children, for checks and script conversion that look inside prose.
    case tree
    /// One text node per block holding its plain text, the form pages and search read; a block whose only
    /// inline is a text node keeps that node. Far fewer Strings and arrays than the tree.
    case plainText
    /// Plain text as with `.plainText`, except that links and images stay nodes (their own text folded the
    /// same way), so link checks still find them; compacting for rendering then gives what it gives for `.tree`.
    case plainTextAndLinks
}
