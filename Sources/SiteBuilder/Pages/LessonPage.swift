import DocTestProtocol
import LessonModel
import MarkdownSyntax

/// A rendered lesson page with the files that go beside it.
struct RenderedLessonPage {
    var path: PagePath
    /// The page as UTF-8, written to its file as it is (making a String of it would validate every byte again).
    var bytes: [UInt8]
    var html: String { String(decoding: bytes, as: UTF8.self) }
    /// Snapshot pictures: file name in the page's folder and SVG text.
    var pictures: [(name: String, svg: String)]
    /// The lesson's app code (`AppCodeFile`), written beside the page as `<slug>.swift`; `nil` without results.
    var appCode: String?
}

/// Renders one lesson page from its content (`PageContent`) and the lesson's place in the course.
struct LessonPage {
    let context: SiteContext
    let lesson: SiteLesson
    let content: PageContent
    let previous: SiteLesson?
    let next: SiteLesson?

    var language: Language { content.language }
    var path: PagePath { .lesson(lesson.slug, language) }
    var strings: UIStrings { .for(language) }

    /// The app code file's name, in the page's folder.
    var appCodeName: String { lesson.slug + ".swift" }
    /// The lesson's app code (`AppCodeFile`); `nil` without doc-test results.
    var appCode: String? { AppCodeFile.text(content.snippets.map { $0.result?.appCode }) }

    func render() -> RenderedLessonPage {
        // Taken once and passed on: each use of `self.strings` copies the whole table (dozens of Strings).
        let strings = self.strings
        var pictures: [(name: String, svg: String)] = []
        let alternates = lesson.languages.map { ($0, PagePath.lesson(lesson.slug, $0)) }
        let shell = PageShell(
            path: path, language: language,
            title: content.title + " · " + context.config.title(language),
            description: content.summary,
            canonical: path, alternates: alternates,
            xDefault: .lesson(lesson.slug, context.defaultLanguage(among: lesson.languages)),
            switcher: context.languages.map { l in
                SwitcherEntry(language: l, target: lesson.pageIndex(l) != nil ? .lesson(lesson.slug, l) : nil, isCurrent: l == language)
            },
            home: .course(language), bodyClass: "lesson-page")
        let bytes = shell.renderBytes(context) { w in
            w.open("div", [("class", "lesson-layout")])
            toc(&w, strings)
            w.open("article", [("class", "lesson")])
            w.newline()
            w.element("nav", [("class", "breadcrumb"), ("aria-label", strings.breadcrumb)]) { w in
                w.element("a", [("href", path.link(to: .course(language)))], text: strings.courseHome)
            }
            w.open("header", [("class", "lesson-header")])
            w.element("h1", text: content.title)
            if !content.summary.isEmpty {
                w.element("p", [("class", "summary")], text: content.summary)
            }
            if let original = content.generatedFrom {
                w.element("p", [("class", "translation-note converted")]) { w in
                    w.text(strings.convertedFrom + " ")
                    w.element(
                        "a", [("href", path.link(to: .lesson(lesson.slug, original))), ("hreflang", original.rawValue), ("data-switch-lang", original.rawValue)],
                        text: original.nativeName)
                }
            }
            if content.isStale {
                w.element("p", [("class", "translation-note stale"), ("role", "note")]) { w in
                    w.text(strings.mayBeBehind + " ")
                    w.element(
                        "a",
                        [("href", path.link(to: .lesson(lesson.slug, lesson.sourceLanguage))), ("hreflang", lesson.sourceLanguage.rawValue),
                         ("data-switch-lang", lesson.sourceLanguage.rawValue)],
                        text: lesson.sourceLanguage.nativeName)
                }
            }
            if lesson.sourceLanguage != language, lesson.pageIndex(lesson.sourceLanguage) != nil {
                w.element("p", [("class", "translation-note")]) { w in
                    w.text(strings.translationOf + " ")
                    w.element(
                        "a",
                        [("href", path.link(to: .lesson(lesson.slug, lesson.sourceLanguage))), ("hreflang", lesson.sourceLanguage.rawValue),
                         ("data-switch-lang", lesson.sourceLanguage.rawValue)],
                        text: lesson.sourceLanguage.nativeName)
                }
            }
            if appCode != nil { appCodeLink(&w, strings) }
            w.close("header")
            w.newline()
            failureSummary(&w, strings)
            var blocks = BlockRenderer(page: self)
            let sections = content.sections
            for s in sections.indices {
                if s == 0, sections[s].level == 1, sections[s].title == content.title {
                    // The front matter title is already the page's h1.
                } else if let id = sections[s].id, sections[s].hasHeading {
                    blocks.heading(level: sections[s].level, titleHTML: sections[s].titleHTML, title: sections[s].title, id: id, into: &w)
                }
                for b in sections[s].blocks.indices {
                    blocks.block(sections[s].blocks[b], into: &w)
                }
            }
            pictures = blocks.pictures
            pager(&w, strings)
            w.close("article")
            w.close("div")
            w.newline()
        }
        return RenderedLessonPage(path: path, bytes: bytes, pictures: pictures, appCode: appCode)
    }

    /// While previewing (`serve`), a note at the top listing the snippets that failed, each linked.
    /// The link to the lesson's app file, under the summary.
    private func appCodeLink(_ w: inout HTMLWriter, _ strings: UIStrings) {
        w.element("p", [("class", "app-code")]) { w in
            w.text(strings.appCodeFile + " ")
            w.element("a", [("href", appCodeName), ("download", appCodeName), ("type", "text/x-swift")]) { w in
                w.element("code", text: appCodeName)
            }
        }
    }

    private func failureSummary(_ w: inout HTMLWriter, _ strings: UIStrings) {
        guard context.options.mode == .serve else { return }
        let failed = content.snippets.filter { $0.badge == .failed }
        guard !failed.isEmpty else { return }
        w.element("div", [("class", "failure-summary"), ("role", "alert")]) { w in
            w.element("strong", text: strings.failedDetail)
            w.open("ul")
            for snippet in failed {
                w.element("li") { w in
                    let target = snippet.isHidden ? nil : "#snippet-\(snippet.index + 1)"
                    w.element("a", [("href", target)], text: "\(snippet.location.path):\(snippet.location.line)")
                    if let reason = snippet.result?.reason { w.text(" — " + reason) }
                }
            }
            w.close("ul")
        }
        w.newline()
    }

    /// The list of sections, beside the lesson on wide screens and above it on phones.
    private func toc(_ w: inout HTMLWriter, _ strings: UIStrings) {
        // Indices of the listed sections, not copies of them.
        let sections = content.sections
        let entries = sections.indices.filter { sections[$0].id != nil && sections[$0].hasHeading && (sections[$0].level == 2 || sections[$0].level == 3) }
        guard entries.count >= 2 else { return }
        w.element("nav", [("class", "toc"), ("aria-label", strings.onThisPage)]) { w in
            w.element("details", [("open", "")]) { w in
                w.element("summary", text: strings.onThisPage)
                w.open("ol")
                for s in entries {
                    w.element("li", [("class", sections[s].level == 3 ? "sub" : nil)]) { w in
                        // The title's HTML comes from cmark; links inside it would nest, so use its text.
                        w.element("a", [("href", "#" + (sections[s].id ?? ""))], text: sections[s].title)
                    }
                }
                w.close("ol")
            }
        }
        w.newline()
    }

    private func pager(_ w: inout HTMLWriter, _ strings: UIStrings) {
        guard previous != nil || next != nil else { return }
        w.element("nav", [("class", "pager"), ("aria-label", strings.previousAndNext)]) { w in
            for (lesson, label, css) in [(previous, strings.previous, "prev"), (next, strings.next, "next")] {
                guard let lesson else {
                    w.element("span", [("class", css)])
                    continue
                }
                guard let shown = lesson.pageIndex(shownTo: language) else { continue }
                let targetLanguage = lesson.pages[shown].language
                w.element("a", [("class", css), ("href", path.link(to: .lesson(lesson.slug, targetLanguage)))]) { w in
                    w.element("span", [("class", "pager-label")], text: label)
                    w.element(
                        "span", [("class", "pager-title"), ("lang", targetLanguage == language ? nil : targetLanguage.rawValue)],
                        text: lesson.pages[shown].title)
                }
            }
        }
        w.newline()
    }
}
