import DocTestProtocol
import Foundation
import LessonModel
import TutorbuildSupport

/// Renders a page's blocks: prose through cmark's safe HTML, containers walked here, snippets with badges and pictures.
struct BlockRenderer {
    let page: LessonPage
    private(set) var pictures: [(name: String, svg: String)] = []

    /// Kept once: `page.strings` copies the whole table (dozens of Strings) on every use.
    let strings: UIStrings

    init(page: LessonPage) {
        self.page = page
        self.strings = page.strings
    }

    var allowRawHTML: Bool { page.context.config.allowRawHTML }

    /// A section's heading with its anchor.
    mutating func heading(level: Int, titleHTML: String, title: String, id: String, into w: inout HTMLWriter) {
        let level = min(max(level, 2), 6)
        w.newline()
        let attributes: [(StaticString, String?)] = [("id", id)]
        switch level {
        case 2: w.open("h2", attributes)
        case 3: w.open("h3", attributes)
        case 4: w.open("h4", attributes)
        case 5: w.open("h5", attributes)
        default: w.open("h6", attributes)
        }
        // cmark's safe HTML of the heading content, a setext heading's lines joined like prose; links inside
        // are rewritten like prose links.
        w.trustedProse(rewriteLinks(titleHTML))
        w.element("a", [("class", "anchor"), ("href", "#" + id), ("aria-label", title)], text: "#")
        switch level {
        case 2: w.close("h2")
        case 3: w.close("h3")
        case 4: w.close("h4")
        case 5: w.close("h5")
        default: w.close("h6")
        }
        w.newline()
    }

    mutating func block(_ block: BlockContent, into w: inout HTMLWriter) {
        switch block {
        case .prose(let html, _):
            w.trustedProse(rewriteLinks(html))
        case .html(let html):
            if allowRawHTML {
                w.authorRawHTML(html)
            } else {
                // cmark's safe mode already replaced it with a comment; keep that comment and nothing else.
                w.trustedMarkup(html)
            }
        case .heading(let level, let html, _):
            // Headings nested in containers (rare): plain heading without an anchor, at its own level (h1 as h2,
            // as everywhere on the page).
            let tag: StaticString = switch level {
            case ...2: "h2"
            case 3: "h3"
            case 4: "h4"
            case 5: "h5"
            default: "h6"
            }
            w.open(tag)
            w.trustedProse(rewriteLinks(html))
            w.close(tag)
            w.newline()
        case .code(let language, let code, _):
            w.element("pre", Self.scrolling("code plain", label: strings.code)) { w in
                w.element("code", [("class", language.map { "language-" + $0 })], text: code)
            }
            w.newline()
        case .expectedOutput:
            return
        case .snippet(let s):
            snippet(page.content.snippets[s], into: &w)
        case .quote(let children):
            w.open("blockquote")
            w.newline()
            for child in children { self.block(child, into: &w) }
            w.close("blockquote")
            w.newline()
        case .list(let ordered, let start, let items):
            if ordered {
                w.open("ol", [("start", start == 1 ? nil : String(start))])
            } else {
                w.open("ul")
            }
            w.newline()
            for item in items {
                w.open("li")
                for child in item { self.block(child, into: &w) }
                w.close("li")
                w.newline()
            }
            w.close(ordered ? "ol" : "ul")
            w.newline()
        case .item(let children):
            w.open("li")
            for child in children { self.block(child, into: &w) }
            w.close("li")
        }
    }

    // MARK: Snippets

    mutating func snippet(_ snippet: SnippetView, into w: inout HTMLWriter) {
        let result = snippet.result
        if snippet.isHidden {
            // Hidden code runs like any other: a reader who asks sees it where it sits, with its badge.
            w.element("details", [("class", "hidden-code")]) { w in
                w.element("summary", text: strings.showSetupCode)
                w.newline()
                box(snippet, code: snippet.fullCode ?? snippet.shownCode, into: &w)
            }
            w.newline()
            if let result, result.status == .failed {
                // A hidden snippet that fails says so outside its closed box, or the reader would never know.
                failure(result, into: &w)
            }
        } else {
            box(snippet, code: snippet.shownCode, into: &w)
        }
        if let result {
            for (k, snapshot) in result.snapshots.enumerated() {
                picture(snapshot, name: "snapshot-\(snippet.index + 1)-\(k + 1).svg", into: &w)
            }
        }
    }

    /// A snippet's box: its bar with the badge, `code` highlighted, the code it hides on request, and its output.
    private func box(_ snippet: SnippetView, code: String, into w: inout HTMLWriter) {
        let result = snippet.result
        w.open("div", [("class", "snippet"), ("id", "snippet-\(snippet.index + 1)")])
        w.newline()
        w.open("div", [("class", "snippet-bar")])
        w.element("span", [("class", "snippet-lang")], text: "Swift")
        badge(snippet, into: &w)
        w.element("button", [("type", "button"), ("class", "copy"), ("hidden", ""), ("data-copied", strings.copied)], text: strings.copy)
        w.close("div")
        w.newline()
        let marked = code == snippet.shownCode ? snippet.shownDemonstration : snippet.fullDemonstration
        if highlighted(code, marked: marked, into: &w) {
            w.element("p", [("class", "sim-legend")], text: strings.simulationLegend)
            w.newline()
        }
        if let failsIn = snippet.failsIn {
            w.element("p", [("class", "mode-note")], text: strings.failsOnlyIn.replacingOccurrences(
                of: "%@", with: strings.failConditionName(failsIn)))
            w.newline()
        }
        if !snippet.isHidden, let full = snippet.fullCode {
            // `snippet.hide` lines run too: readers may open the whole snippet, hide markers included.
            w.element("details", [("class", "hidden-lines")]) { w in
                w.element("summary", text: strings.showHiddenLines)
                highlighted(full, marked: snippet.fullDemonstration, into: &w)
            }
            w.newline()
        }
        if !snippet.isHidden, let result, result.status == .failed {
            failure(result, into: &w)
        }
        if let output = snippet.expectedOutput {
            // After a snippet that does not run, the output was never compared, and its label says so.
            let label: String? = [.noRun, .compileFail, .ignore].contains(snippet.mode) ? strings.outputNotChecked : nil
            if output.timeline {
                timeline(output.text, label: label ?? strings.timeline, into: &w)
            } else {
                w.element("div", [("class", "output")]) { w in
                    w.element("div", [("class", "output-label")], text: label ?? strings.output)
                    w.element("pre", Self.scrolling("console", label: label ?? strings.output)) { w in
                        w.element("samp", text: output.text.trimmingTrailingNewlines)
                    }
                }
                w.newline()
            }
        }
        w.close("div")
        w.newline()
    }

    /// `code` as a highlighted `<pre>`, its demonstration lines (`marked`, else found by name) shaded; returns
    /// whether there were any.
    @discardableResult
    private func highlighted(_ code: String, marked: Set<Int>?, into w: inout HTMLWriter) -> Bool {
        w.open("pre", Self.scrolling("code swift", label: strings.swiftCode))
        w.open("code")
        let trimmed = code.trimmingTrailingNewlines
        let runs = marked.map { SimulationLines.runs(trimmed, marked: $0) } ?? SimulationLines.runs(trimmed)
        for (k, run) in runs.enumerated() {
            if k > 0 { w.text("\n") }
            // Line by line, so each marked line is one inline span the stylesheet can shade.
            if run.simulation {
                for (l, line) in run.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                    if l > 0 { w.text("\n") }
                    w.open("span", [("class", "sim")])
                    SwiftHighlighter.write(String(line), into: &w)
                    w.close("span")
                }
            } else {
                SwiftHighlighter.write(run.text, into: &w)
            }
        }
        w.close("code")
        w.close("pre")
        w.newline()
        return runs.contains(where: \.simulation)
    }

    /// The verified badge: a `<details>` so the provenance shows on click without JavaScript, and a `title` for hover.
    private func badge(_ snippet: SnippetView, into w: inout HTMLWriter) {
        let (css, label, detail): (String, String, String)
        switch snippet.badge {
        case .notVerified:
            (css, label, detail) = ("not-verified", strings.notVerified, strings.notVerifiedDetail)
        case .passed:
            // The label says what was checked: only a snippet that ran (and matched its output) is "Verified".
            switch snippet.mode {
            case .noRun: (label, detail) = (strings.compiled, strings.verifiedNoRun)
            case .compileFail where snippet.compiledOutsideFailMode:
                (label, detail) = (strings.compiled, strings.compilesOutsideFailMode.replacingOccurrences(
                    of: "%@", with: snippet.failsIn.map(strings.failConditionName) ?? ""))
            case .compileFail: (label, detail) = (strings.failsToCompile, strings.verifiedCompileFail)
            case .shouldTrap: (label, detail) = (strings.trapped, strings.verifiedShouldTrap)
            case .run, .ignore: (label, detail) = (strings.verified, strings.verifiedRun)
            }
            css = "passed"
        case .failed:
            (css, label, detail) = ("failed", strings.failed, strings.failedDetail)
        case .notRun:
            (css, label, detail) = ("not-run", strings.notRun, strings.notRunDetail)
        }
        let facts: [(String, String)]
        switch snippet.verifier {
        case .snippet(let provenance)?:
            facts = [
                (strings.toolchain, provenance.toolchain), (strings.model, provenance.modelHash),
                (strings.languageMode, strings.languageModeName(swiftVersion: provenance.swiftVersion, defaultIsolation: provenance.defaultIsolation)),
                (strings.verifiedOn, Self.day(provenance.verifiedAt)),
            ]
        case .run(let toolchain, let modelHash)?:
            facts = [(strings.toolchain, toolchain), (strings.model, modelHash)]
        case nil:
            facts = []
        }
        var hover = detail
        for (name, value) in facts { hover += "\n" + name + ": " + value }
        let result = snippet.result
        w.element("details", [("class", "badge badge-" + css)]) { w in
            w.element("summary", [("title", hover)]) { w in
                w.element("span", [("class", "badge-icon"), ("aria-hidden", "true")], text: css == "passed" ? "✓" : css == "failed" ? "✗" : "○")
                w.text(label)
                if case .snippet(let provenance)? = snippet.verifier, css == "passed" {
                    w.element("span", [("class", "badge-mode")], text: strings.languageModeName(
                        swiftVersion: provenance.swiftVersion, defaultIsolation: provenance.defaultIsolation))
                }
            }
            w.element("div", [("class", "badge-detail")]) { w in
                w.element("p", text: detail)
                // Where a `compile-fail=swift6` snippet compiles, the reason names its warnings.
                if let reason = result?.reason, !reason.isEmpty, result?.status != .passed || snippet.compiledOutsideFailMode {
                    w.element("p", [("class", "reason")], text: reason)
                }
                if !facts.isEmpty {
                    w.element("dl") { w in
                        for (name, value) in facts {
                            w.element("dt", text: name)
                            w.element("dd") { w in w.element("code", text: value) }
                        }
                    }
                }
            }
        }
    }

    /// A `<pre>` that scrolls sideways: a keyboard can reach it (`tabindex`) and a screen reader names it.
    static func scrolling(_ cssClass: String, label: String) -> [(StaticString, String?)] {
        [("class", cssClass), ("tabindex", "0"), ("role", "group"), ("aria-label", label)]
    }

    /// `2026-11-29`, in UTC, so every build of the same results prints the same page.
    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", c.year ?? 0, c.month ?? 0, c.day ?? 0)
    }

    private func failure(_ result: SnippetResult, into w: inout HTMLWriter) {
        w.element("div", [("class", "failure"), ("role", "note")]) { w in
            w.element("p") { w in
                w.element("strong", text: strings.failedDetail)
                if let reason = result.reason { w.text(" " + reason) }
            }
            if let actual = result.actualOutput {
                w.element("div", [("class", "output-label")], text: strings.actualOutput)
                w.element("pre", Self.scrolling("console", label: strings.actualOutput)) { w in w.element("samp", text: actual.trimmingTrailingNewlines) }
            }
        }
        w.newline()
    }

    /// An `output timeline` block: one event per line, with its time when the line starts with one.
    private func timeline(_ text: String, label: String, into w: inout HTMLWriter) {
        w.element("div", [("class", "output timeline")]) { w in
            w.element("div", [("class", "output-label")], text: label)
            w.open("ol")
            for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
                let event = TimelineEvent(line: String(line))
                w.element("li", [("class", event.isIndented ? "nested" : nil)]) { w in
                    if let time = event.time {
                        w.element("span", [("class", "time")], text: time)
                    } else {
                        w.element("span", [("class", "time empty")])
                    }
                    w.element("code", [("class", "event")], text: event.text)
                }
            }
            w.close("ol")
        }
        w.newline()
    }

    /// A snapshot as a separate SVG file shown through `<img>`: scripts inside an `<img>` SVG never run.
    private mutating func picture(_ snapshot: Snapshot, name: String, into w: inout HTMLWriter) {
        pictures.append((name, snapshot.svg))
        let size = SVGSize(svg: snapshot.svg)
        var caption = snapshot.caption(for: page.language.rawValue)
        // The alt text describes the screen; where the runner had none, the caption stands in.
        var alt = snapshot.alt(for: page.language.rawValue)
        if alt.isEmpty || alt == snapshot.caption { alt = caption }
        if page.language == .zhHant, let convert = page.context.options.scriptConverter {
            if snapshot.captionZh != nil { caption = convert(caption, .zhHant) }
            if snapshot.altZh != nil || snapshot.captionZh != nil { alt = convert(alt, .zhHant) }
        }
        w.element("figure", [("class", "picture")]) { w in
            w.void(
                "img",
                [("src", name), ("alt", alt), ("loading", "lazy"),
                 ("width", size.map { String($0.width) }), ("height", size.map { String($0.height) })])
            if !caption.isEmpty {
                w.element("figcaption", text: caption)
            }
        }
        w.newline()
    }

    // MARK: Links

    /// Points cmark's relative lesson links (`../slug/#id`) at a page that exists, naming `index.html` for `file://`.
    func rewriteLinks(_ html: String) -> String {
        guard html.containsBytes("href=\"../") else { return html }
        var out = ""
        out.reserveCapacity(html.utf8.count + 32)
        var rest = Substring(html)
        while let r = rest.range(of: "href=\"../") {
            out += rest[..<r.upperBound]
            rest = rest[r.upperBound...]
            guard let end = rest.firstIndex(of: "\"") else { continue }
            let target = rest[..<end]
            out += rewrite(target)
            rest = rest[end...]
        }
        out += rest
        return out
    }

    /// `slug/#x` (the part after `../`) becomes `slug/index.html#x`, or `../<lang>/slug/index.html#x` when this language lacks it.
    private func rewrite(_ target: Substring) -> String {
        let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
        let path = parts[0]
        let fragment = parts.count > 1 ? "#" + parts[1] : ""
        let components = path.split(separator: "/", omittingEmptySubsequences: true)
        guard let slugPart = components.first, components.count <= 2,
              components.count == 1 || components[1] == "index.html",
              let languages = page.context.lessonLanguages[String(slugPart)]
        else { return String(target) }
        let slug = String(slugPart)
        if languages.contains(page.language) {
            return slug + "/index.html" + fragment
        }
        let fallback = page.context.site.lesson(slug)?.sourceLanguage ?? languages[0]
        return "../" + fallback.rawValue + "/" + slug + "/index.html" + fragment
    }
}
