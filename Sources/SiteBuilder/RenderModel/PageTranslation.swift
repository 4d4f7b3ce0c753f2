import Diagnostics
import DocTestProtocol
import LessonModel
import MarkdownSyntax
import TutorbuildSupport

extension PageContent {
    /// Translates `document`, one of `lesson`'s, with its doc-test results from `report` (`nil`: built without tests).
    ///
    /// A generated page (zh-Hant converted from zh-Hans) was not tested itself: its snippets are those of the
    /// page it was converted from, one for one, so each shows the result of the snippet at the same index there.
    init(_ document: LessonDocument, of lesson: Lesson, report: VerificationReport?) {
        var resultsPath = document.path
        if let original = document.generatedFrom, let source = lesson.documentIndex(original) {
            resultsPath = lesson.documents[source].path
        }
        self.init(
            slug: document.slug, language: document.language, title: document.frontMatter.title, summary: document.frontMatter.summary,
            generatedFrom: document.generatedFrom, sourceHash: ContentHash.of(document.source.text), sourceSize: document.source.text.utf8.count,
            isStale: lesson.translationStatus(document.language).isStale, sectionIDs: document.sections.map(\.id),
            snippetResults: document.snippets.map { report?.result(path: resultsPath, index: $0.index) },
            resultsDigest: "",
            // Translated when first read: a page kept as it is, in a language whose index is kept, never is.
            // The document goes with the closure once it has been.
            body: PageBody(making: { [resultsPath] in PageBody.Content(document, resultsPath: resultsPath, report: report) }))
        resultsDigest = Fingerprint.results(snippetResults)
    }

    /// A page generated for `lesson`, from its facts: parsed too only when its sections or snippets are read.
    init(_ page: GeneratedPage, of lesson: Lesson, report: VerificationReport?) {
        // Its results are those of the page it was converted from, snippet by snippet (see above).
        let resultsPath = page.path
        self.init(
            slug: page.slug, language: page.language, title: page.facts.title, summary: page.facts.summary,
            generatedFrom: page.generatedFrom, sourceHash: ContentHash.of(page.text), sourceSize: page.text.utf8.count,
            isStale: lesson.translationStatus(page.language, recorded: page.facts.translatedFrom).isStale, sectionIDs: page.sectionIDs,
            snippetResults: page.facts.snippetIndices.map { report?.result(path: resultsPath, index: $0) },
            resultsDigest: "",
            body: PageBody(making: { PageBody.Content(page.document(), resultsPath: resultsPath, report: report) }))
        resultsDigest = Fingerprint.results(snippetResults)
    }

    /// A page of a lesson this build did not load, from what the last build recorded of it; its body is
    /// made, for a search index, from its file alone (`read`), and only while that is what was recorded.
    init(_ page: RecordedLesson.Page, of lesson: RecordedLesson, read: @escaping RecordedCourse.Reader) {
        self.init(
            slug: lesson.slug, language: page.language, title: page.title, summary: page.summary, generatedFrom: page.generatedFrom,
            sourceHash: page.sourceHash, sourceSize: page.sourceSize, isStale: page.isStale, sectionIDs: page.sectionIDs,
            snippetResults: [], resultsDigest: page.resultsDigest, isRecorded: true,
            body: PageBody(making: {
                guard var document = read(lesson, page), ContentHash.of(document.source.text) == page.sourceHash else { return nil }
                // The anchors as the lesson had them, aligned with its source's headings.
                if document.sections.count == page.sectionIDs.count {
                    for s in document.sections.indices { document.sections[s].id = page.sectionIDs[s] }
                }
                // Doc-test results are not read: only the search index reads such a body, never the renderer.
                return PageBody.Content(document, resultsPath: document.path, report: nil)
            }))
    }

    /// What the next rebuild needs of this page if it does not load its lesson.
    var record: RecordedLesson.Page {
        RecordedLesson.Page(
            language: language, title: title, summary: summary, generatedFrom: generatedFrom, sourceHash: sourceHash, sourceSize: sourceSize,
            isStale: isStale, sectionIDs: sectionIDs, resultsDigest: resultsDigest)
    }
}

extension PageBody.Content {
    /// The sections and snippets of `document`, each snippet with its result (under `resultsPath`) from `report`.
    init(_ document: LessonDocument, resultsPath: String, report: VerificationReport?) {
        snippets = document.snippets.indices.map { s in
            SnippetView(document.snippets[s], in: document, result: report?.result(path: resultsPath, index: document.snippets[s].index), report: report)
        }
        let translator = BlockTranslator(document)
        // Sections by index, read field by field: `for section in` copied each one whole, heading node included.
        let sections = document.sections
        self.sections = sections.indices.map { s in
            var blocks: [BlockContent] = []
            blocks.reserveCapacity(sections[s].blocks.count)
            for b in sections[s].blocks.indices {
                if let block = translator.block(sections[s].blocks[b]) { blocks.append(block) }
            }
            return SectionContent(
                id: sections[s].id, title: sections[s].title, titleHTML: sections[s].titleHTML, level: sections[s].level,
                hasHeading: sections[s].hasHeading, blocks: blocks)
        }
    }
}

extension SnippetView {
    init(_ snippet: Snippet, in document: LessonDocument, result: SnippetResult?, report: VerificationReport?) {
        index = snippet.index
        isHidden = snippet.attributes.hidden
        mode = snippet.attributes.mode
        failsIn = snippet.attributes.mode == .compileFail ? snippet.attributes.failsIn : nil
        shownCode = snippet.shownCode
        fullCode = isHidden || shownCode != snippet.code ? snippet.code : nil
        expectedOutput = snippet.expectedOutput
        location = document.source.location(line: snippet.range.start.line)
        self.result = result
        switch (report, result?.status) {
        case (nil, _): badge = .notVerified
        case (_, .passed?): badge = .passed
        case (_, .failed?): badge = .failed
        default: badge = .notRun
        }
        if let provenance = result?.provenance {
            verifier = .snippet(provenance)
        } else if let report {
            verifier = .run(toolchain: report.toolchain, modelHash: report.modelHash)
        } else {
            verifier = nil
        }
    }
}

/// Turns a document's Markdown blocks into page blocks, matching the code blocks inside lists and quotes to
/// their snippets and expected outputs by the line they start on: the one place that does so.
private struct BlockTranslator {
    /// The position in `document.snippets` of the snippet starting on each line.
    let snippetAtLine: [Int: Int]
    /// Lines where an expected-output block starts; those blocks are drawn with their snippet.
    let outputLines: Set<Int>
    let snippetCount: Int

    init(_ document: LessonDocument) {
        var snippetAtLine: [Int: Int] = [:]
        var outputLines = Set<Int>()
        for s in document.snippets.indices {
            // The first snippet on a line wins, as a search from the start would find it.
            if snippetAtLine[document.snippets[s].range.start.line] == nil { snippetAtLine[document.snippets[s].range.start.line] = s }
            if let line = document.snippets[s].expectedOutput?.range.start.line { outputLines.insert(line) }
        }
        self.snippetAtLine = snippetAtLine
        self.outputLines = outputLines
        self.snippetCount = document.snippets.count
    }

    func block(_ block: LessonBlock) -> BlockContent? {
        switch block {
        case .markdown(let node): return content(node)
        case .snippet(let s): return s >= 0 && s < snippetCount ? .snippet(s) : nil
        }
    }

    private func content(_ node: BlockNode) -> BlockContent {
        switch node.kind {
        case .paragraph, .thematicBreak:
            return .prose(html: node.html, text: node.inlines.isEmpty ? nil : node.plainText)
        case .htmlBlock:
            return .html(node.html)
        case .heading(let level):
            return .heading(level: level, html: node.contentHTML, text: node.inlines.isEmpty ? nil : node.plainText)
        case .codeBlock(let info, let code, _):
            if let s = snippetAtLine[node.range.start.line] { return .snippet(s) }
            if outputLines.contains(node.range.start.line) { return .expectedOutput }
            // The info string's first word, up to any whitespace, as cmark's own HTML takes it.
            let language = info.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\u{0C}" || $0 == "\u{0B}" }).first.map(String.init)
            return .code(language: language, code: code, searchable: !info.hasPrefix("output"))
        case .blockQuote:
            return .quote(children(of: node))
        case .list(let ordered, let start, _):
            // Items by index: only their children are read, so the items themselves are not copied.
            return .list(ordered: ordered, start: start, items: node.children.indices.map { children(of: node.children[$0]) })
        case .item:
            return .item(children(of: node))
        }
    }

    private func children(of node: BlockNode) -> [BlockContent] {
        node.children.indices.map { content(node.children[$0]) }
    }
}

extension Snippet {
    /// `displayCode`, without its line-by-line work when nothing is hidden (most snippets).
    var shownCode: String {
        code.containsBytes("snippet.hide") ? displayCode : code
    }
}
