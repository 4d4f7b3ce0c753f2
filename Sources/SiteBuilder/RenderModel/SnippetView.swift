import Diagnostics
import DocTestProtocol
import LessonModel

/// A snippet as its page shows it: the code, the expected output, and what the doc-tests made of it.
struct SnippetView: Sendable {
    /// The snippet's index in its lesson file; the page anchors it as `snippet-<index + 1>`.
    var index: Int
    /// The info string's attributes, as written: a new attribute reaches the page without a field here.
    var attributes: SnippetAttributes
    var isHidden: Bool { attributes.hidden }
    var mode: SnippetAttributes.Mode { attributes.mode }
    /// The modes a `compile-fail=swift6` snippet fails in; it compiles in the others.
    var failsIn: SnippetAttributes.FailCondition? { mode == .compileFail ? attributes.failsIn : nil }
    /// The code without `snippet.hide` regions.
    var shownCode: String
    /// The code as written, when the page hides any of it (a `hidden` snippet, `snippet.hide` lines): readers
    /// open it on request.
    var fullCode: String?
    var expectedOutput: ExpectedOutput?
    /// Where the snippet starts in its lesson file, for the preview's list of failures.
    var location: SourceLocation
    var badge: Badge
    /// The doc-test result; `nil` when the snippet was not run or there are no results.
    var result: SnippetResult?
    /// The demonstration lines the compiler found (`SnippetResult.demonstrationLines`), 0-based in `fullCode` and in
    /// `shownCode`; `nil` without them, when the page falls back to `SimulationLines`' names.
    var fullDemonstration: Set<Int>?
    var shownDemonstration: Set<Int>?

    /// What the badge beside the snippet says.
    enum Badge: Sendable, Equatable {
        /// The site was built without doc-test results.
        case notVerified
        case passed
        case failed
        case notRun
    }

    /// What verified the snippet, as its badge lists it: its own provenance when the runner recorded one
    /// (a cached result keeps the toolchain that verified it), else the run's toolchain and model.
    enum Verifier: Sendable {
        case snippet(Provenance)
        case run(toolchain: String, modelHash: String)
    }

    var verifier: Verifier?

    /// A `compile-fail=swift6` snippet checked in a mode it compiles in (Swift 5, say).
    var compiledOutsideFailMode: Bool {
        guard mode == .compileFail, let failsIn, case .snippet(let provenance)? = verifier else { return false }
        return !failsIn.matches(swiftVersion: provenance.swiftVersion, defaultIsolation: provenance.defaultIsolation)
    }
}
