import Diagnostics

/// Warns at an output block after a snippet whose output is never compared: a `no-run` snippet is only
/// compiled, a `compile-fail` one never compiles, an `ignore` one is neither compiled nor run. The page
/// would otherwise show that output under the snippet's badge as if it had been checked.
public struct UncheckedOutputCheck: LessonFileCheck {
    public var reads: CheckReads { CheckReads(inlineDetail: .plainTextAndLinks, otherLessons: false) }

    public init() {}

    public func check(_ document: LessonDocument, into bag: inout DiagnosticBag) {
        for s in document.snippets.indices {
            guard let output = document.snippets[s].expectedOutput, let message = Diagnostic.Message.uncheckedOutput(document.snippets[s].attributes.mode) else { continue }
            let before = bag.diagnostics.count
            bag.warning(.snippetOutputUnchecked, document.location(output.range.start), message)
            bag.setEndLocation(document.location(output.range.end), from: before)
        }
    }
}

extension Diagnostic.Message {
    /// What to say of an output block after a snippet in `mode`; `nil` where the output is compared.
    fileprivate static func uncheckedOutput(_ mode: SnippetAttributes.Mode) -> Self? {
        switch mode {
        case .run, .shouldTrap:
            nil
        case .noRun:
            Self("output block after a 'no-run' snippet is never compared: the snippet is compiled but not run; remove the block, or drop 'no-run' so the output is checked")
        case .compileFail:
            Self("output block after a 'compile-fail' snippet is never compared: the snippet does not compile, so it never runs; remove the block")
        case .ignore:
            Self("output block after an 'ignore' snippet is never compared: the snippet is neither compiled nor run; remove the block, or drop 'ignore' so the output is checked")
        }
    }
}
