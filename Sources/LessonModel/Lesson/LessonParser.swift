import Diagnostics
import MarkdownSyntax

/// Turns one lesson file's text into a `LessonDocument`, collecting diagnostics instead of stopping.
public struct LessonParser: Sendable {
    public var allowRawHTML: Bool
    /// `.plainTextAndLinks` keeps of the inline tree only links and images, enough for the course checks
    /// and the pages of a build.
    public var inlineDetail: InlineDetail

    public init(allowRawHTML: Bool = false, inlineDetail: InlineDetail = .tree) {
        self.allowRawHTML = allowRawHTML
        self.inlineDetail = inlineDetail
    }

    public func parse(_ file: SourceFile, slug: String, language: Language, into bag: inout DiagnosticBag) -> LessonDocument {
        let isEmpty = file.text.utf8.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 })
        if isEmpty {
            bag.error(.lessonEmpty, file.location(line: 1), .lessonFileEmpty)
        }
        let frontMatterParser = FrontMatterParser(file: file)
        let split = frontMatterParser.split(into: &bag)
        var matter = FrontMatter()
        if !isEmpty {
            matter = frontMatterParser.parse(split, into: &bag)
        }
        let (markdown, tooDeep) = MarkdownParser(allowRawHTML: allowRawHTML, inlineDetail: inlineDetail).parse(split.body)
        if let tooDeep {
            bag.error(
                .lessonMarkdownTooDeep, file.location(tooDeep),
                .markdownTooDeep(limit: MarkdownParser().maximumDepth))
        }
        for position in markdown.literalEmphasis {
            bag.warning(
                .lessonEmphasisLiteral, file.location(position),
                .emphasisLiteral)
        }
        var builder = Builder(file: file, bag: bag)
        builder.collectSnippets(markdown.blocks, topLevel: true)
        let sections = builder.sections(markdown.blocks)
        bag = builder.bag
        var document = LessonDocument(
            slug: slug, language: language, path: file.path, source: file, frontMatter: matter,
            sections: sections, snippets: builder.snippets, markdown: markdown)
        document.inlineDetail = inlineDetail
        return document
    }

    /// Walks the block tree once for snippets and once for sections.
    private struct Builder {
        let file: SourceFile
        var bag: DiagnosticBag
        var snippets: [Snippet] = []
        /// Snippet index by the line its fence starts on.
        var snippetAtLine: [Int: Int] = [:]
        /// Lines of output blocks already attached to a snippet.
        var attachedOutputs: Set<Int> = []

        init(file: SourceFile, bag: DiagnosticBag) {
            self.file = file
            self.bag = bag
        }

        /// `containerEnd` is the last line of the quote or list item holding `blocks` (`nil` at the top).
        mutating func collectSnippets(_ blocks: [BlockNode], topLevel: Bool, containerEnd: Int? = nil) {
            // By index: `for block in blocks` copies each node whole, and this walks every block of every lesson.
            for i in blocks.indices {
                switch blocks[i].kind {
                case .codeBlock(let info, let code, let fenced):
                    let word = Self.firstWord(info)
                    if word == "swift", fenced {
                        var snippet = makeSnippet(at: blocks[i].range, info: info, code: code)
                        if i + 1 < blocks.count, case .codeBlock(let nextInfo, let output, _) = blocks[i + 1].kind {
                            let words = nextInfo.split(separator: " ")
                            if words.first == "output" {
                                snippet.expectedOutput = ExpectedOutput(
                                    text: output, range: blocks[i + 1].range, timeline: words.dropFirst().contains("timeline"))
                                attachedOutputs.insert(blocks[i + 1].range.start.line)
                            }
                        }
                        snippetAtLine[blocks[i].range.start.line] = snippets.count
                        snippets.append(snippet)
                    } else if word == "output", !attachedOutputs.contains(blocks[i].range.start.line) {
                        bag.warning(
                            .snippetOutputOrphan, file.location(blocks[i].range.start),
                            .outputWithoutSnippet)
                    }
                    if fenced {
                        let range = blocks[i].range
                        if let containerEnd, range.end.line > containerEnd {
                            // cmark ends a fence left open where its quote or list item ends: that is where to look.
                            bag.error(
                                .lessonMarkdownUnterminatedFence, file.location(SourcePosition(line: containerEnd, column: 1)),
                                .fenceEndsWithContainer,
                                notes: [.init(location: file.location(range.start), message: "the code block opens here")])
                        } else if !isClosedByFence(range) {
                            bag.error(
                                .lessonMarkdownUnterminatedFence, file.location(range.start), .fenceNeverClosed)
                        }
                    }
                default:
                    collectSnippets(blocks[i].children, topLevel: false, containerEnd: blocks[i].range.end.line)
                }
            }
        }

        /// The first space-separated word of an info string, as `split(separator: " ")` gives it.
        static func firstWord(_ info: String) -> Substring {
            // Info strings are ASCII in practice, and then bytes split as Characters do; only other text
            // needs Characters (a combining mark after a space joins it). This runs for every code block.
            let utf8 = info.utf8
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return info.split(separator: " ", maxSplits: 1).first ?? "" }
            guard let start = utf8.firstIndex(where: { $0 != UInt8(ascii: " ") }) else { return "" }
            return info[start..<(utf8[start...].firstIndex(of: UInt8(ascii: " ")) ?? utf8.endIndex)]
        }

        /// Whether a fenced block's last line is a closing fence: as many fence characters as it opened with or
        /// more, nothing after them but spaces, and less than four columns deeper than the opening fence (a
        /// deeper one is code). cmark ends a fence left open at the end of the file on its last line of code.
        func isClosedByFence(_ range: SourceRange) -> Bool {
            guard range.end.line > range.start.line else { return false }
            // The opening fence where cmark puts the block (after a list marker, say); the closing one after the
            // quote markers and the indentation. Positions in bytes: both lines have the same markers before them.
            let openingLine = file.lineBytes(range.start.line)
            let openingIndent = max(0, range.start.column - 1)
            guard openingIndent < openingLine.count else { return false }
            let opening = openingLine.dropFirst(openingIndent)
            var closing = file.lineBytes(range.end.line)
            if closing.last == UInt8(ascii: "\r") { closing = closing.dropLast() }
            let lineStart = closing.startIndex
            closing = closing.drop { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\t") }
            guard let fenceCharacter = opening.first else { return false }
            let openingLength = opening.prefix { $0 == fenceCharacter }.count
            let closingLength = closing.prefix { $0 == fenceCharacter }.count
            return closingLength >= openingLength && (closing.startIndex - lineStart) - openingIndent < 4
                && closing.dropFirst(closingLength).allSatisfy { $0 == 0x20 || $0 == 0x09 }
        }

        /// The snippet of the fenced block at `range` (given the range, not the node: passing a node copies it whole).
        mutating func makeSnippet(at range: SourceRange, info: String, code: String) -> Snippet {
            let line = range.start.line
            let lineBytes = Array(file.lineBytes(line))
            let infoBytes = Array(info.utf8)
            // Find the info string on the fence line to locate attribute words exactly.
            var infoStart = range.start.column - 1
            if !infoBytes.isEmpty, lineBytes.count >= infoBytes.count {
                // Compared where they lie: making an Array of each candidate allocated once per byte of the line.
                for start in 0...(lineBytes.count - infoBytes.count) where lineBytes[start..<(start + infoBytes.count)].elementsEqual(infoBytes) {
                    infoStart = start
                    break
                }
            }
            let file = self.file
            let locate = { (offset: Int) -> SourceLocation in
                file.location(SourcePosition(line: line, column: infoStart + offset + 1))
            }
            var attributes = SnippetAttributes()
            switch SnippetAttributeParser.words(info) {
            case .success(let words):
                attributes = SnippetAttributeParser.parse(Array(words.dropFirst()), locate: locate, into: &bag)
            case .failure(let unclosed):
                bag.error(.snippetAttributeUnclosedQuote, locate(unclosed.offset), .attributeQuoteUnclosed)
            }
            return Snippet(
                index: snippets.count, code: code, attributes: attributes, range: range, firstCodeLine: line + 1)
        }

        mutating func sections(_ blocks: [BlockNode]) -> [Section] {
            var sections: [Section] = []
            // Sized up front: a Section is large, and growing the array moved every one again.
            sections.reserveCapacity(blocks.count { if case .heading = $0.kind { true } else { false } } + 1)
            var current = Section(id: nil, title: "", titleHTML: "", level: 0, heading: nil, blocks: [])
            var usedIDs: [String: Int] = [:]
            // By index: only the blocks a section keeps are copied, not every block the loop passes.
            for i in blocks.indices {
                switch blocks[i].kind {
                case .heading(let level):
                    // Moved into the list, not copied: `current` is replaced by the new section below.
                    if current.hasHeading || !current.blocks.isEmpty { sections.append(consume current) }
                    let text = blocks[i].plainText
                    let explicit = Anchor.explicitID(in: text)
                    let base = explicit?.id ?? Anchor.slug(text)
                    let count = usedIDs[base, default: 0] + 1
                    usedIDs[base] = count
                    let id = count == 1 ? base : "\(base)-\(count)"
                    if explicit != nil, count > 1 {
                        bag.warning(
                            .lessonHeadingDuplicateId, file.location(blocks[i].range.start),
                            .headingIDUsedTwice(base, becomes: id))
                    }
                    current = Section(
                        id: id, title: explicit?.text ?? text.trimmed, titleHTML: Anchor.stripExplicitID(fromHTML: blocks[i].contentHTML),
                        level: level, heading: blocks[i], blocks: [], hasExplicitID: explicit != nil)
                case .codeBlock:
                    if let index = snippetAtLine[blocks[i].range.start.line] {
                        current.blocks.append(.snippet(index))
                    } else if attachedOutputs.contains(blocks[i].range.start.line) {
                        continue  // rendered with its snippet
                    } else {
                        current.blocks.append(.markdown(blocks[i]))
                    }
                default:
                    current.blocks.append(.markdown(blocks[i]))
                }
            }
            if current.hasHeading || !current.blocks.isEmpty || sections.isEmpty { sections.append(current) }
            return sections
        }
    }
}
