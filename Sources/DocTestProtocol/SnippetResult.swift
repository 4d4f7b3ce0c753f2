/// What running one snippet showed: its status, what it printed, and the pictures it took.
public struct SnippetResult: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable {
        /// Compiled, ran, and matched its expected output (or behaved as its attribute demands).
        case passed
        case failed
        /// Not run on purpose (`ignore`, filtered out) or because an earlier step failed.
        case notRun = "not-run"
    }

    public var status: Status
    /// Why a failed or not-run snippet ended that way, one line.
    public var reason: String?
    /// What the snippet printed (markers and snapshots removed).
    public var actualOutput: String?
    public var snapshots: [Snapshot]
    /// What verified this snippet, for the site's "verified" badge (set when it was compiled).
    public var provenance: Provenance?
    /// The hash of what its lesson file's results are made from (`DocTestRunner.resultInputs(of:in:)`) when
    /// this result was made: a result whose file's snippets changed since says nothing about them.
    public var inputs: String?
    /// The 0-based lines of the snippet's code (hidden lines counted) that are demonstration, not app code: they
    /// refer to the driver or the behaviour profile, or print in top-level code. Found by the compiler; `nil` when
    /// the snippet's program did not run.
    public var demonstrationLines: [Int]?
    /// What the snippet gives its lesson's app file (`AppCodeFile`): its top-level declarations as written, members
    /// spliced into it (`in=`) included, demonstration left out; `nil` when it gives nothing.
    public var appCode: String?

    public init(
        status: Status, reason: String? = nil, actualOutput: String? = nil, snapshots: [Snapshot] = [],
        provenance: Provenance? = nil
    ) {
        self.status = status
        self.reason = reason
        self.actualOutput = actualOutput
        self.snapshots = snapshots
        self.provenance = provenance
    }
}
