import Diagnostics

/// Warns at process-level API (descriptors, signals, exit, symbols, `#if`, a `print` of its own) in code the
/// page does not show: a `hidden` snippet or lines between `// snippet.hide` and `// snippet.show`.
///
/// Such code can change what the other snippets appear to print or whether they run at all, while the
/// page shows their badges. Visible code is left alone: readers and reviewers see it where it stands.
/// `ignore` and `compile-fail` snippets never run in the lesson's program, so they are not read.
public struct HiddenProcessAPICheck: LessonFileCheck {
    public var reads: CheckReads { CheckReads(inlineDetail: .plainTextAndLinks, otherLessons: false) }

    public init() {}

    public func check(_ document: LessonDocument, into bag: inout DiagnosticBag) {
        for s in document.snippets.indices where ![.ignore, .compileFail].contains(document.snippets[s].attributes.mode) {
            let hidden = document.snippets[s].hiddenLines
            guard !hidden.isEmpty else { continue }
            let snippet = document.snippets[s]
            // One warning per name and snippet: the first use is enough to look at.
            var named = Set<String>()
            for use in ProcessLevelAPI.uses(in: snippet.code, onLines: hidden) where named.insert(use.name).inserted {
                let start = snippet.position(codeLine: use.line, byteColumn: use.byteColumn)
                let end = snippet.position(codeLine: use.line, byteColumn: use.byteColumn + max(0, use.length - 1))
                let before = bag.diagnostics.count
                bag.warning(.snippetHiddenProcessAPI, document.location(start), .hiddenProcessAPI(use, wholeSnippet: snippet.attributes.hidden))
                bag.setEndLocation(document.location(end), from: before)
            }
        }
    }
}

extension Diagnostic.Message {
    fileprivate static func hiddenProcessAPI(_ use: ProcessLevelAPI.Use, wholeSnippet: Bool) -> Self {
        let place = wholeSnippet ? "hidden snippet uses" : "hidden lines use"
        return Self("\(place) '\(use.name)' (\(use.effect.summary)): code readers see only on request can change what the snippets around it appear to do; show it in a visible snippet, or leave it out")
    }
}
