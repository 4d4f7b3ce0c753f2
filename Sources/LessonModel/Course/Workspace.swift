import Foundation

/// `.tutorbuild/` next to the content folder: what tutorbuild keeps between runs, each part at one named path.
///
/// Everything in it can be made again from the content; `--no-cache` ignores it, and deleting it costs
/// only time. The output folder may never lie inside it (`OutputFolderGuard`).
public struct Workspace: Sendable, Hashable {
    /// The folder itself.
    public let path: String
    /// The content folder it belongs to.
    public let contentPath: String

    public init(contentPath: String) {
        let content = URL(fileURLWithPath: contentPath).standardizedFileURL
        self.contentPath = contentPath
        path = content.deletingLastPathComponent().appendingPathComponent(".tutorbuild").path
    }

    /// Doc-test outcomes, lesson plans, the compiler's version and the model's hash (docs/doctest.md).
    public var cache: String { path + "/cache" }
    /// The last doc-test run's results, which `status` reads.
    public var results: String { path + "/results.json" }
    /// Pages converted to the other Chinese script, and the search folding table; one folder per content
    /// folder, so two content folders side by side keep their own entries.
    public var converted: String {
        path + "/converted/" + URL(fileURLWithPath: contentPath).standardizedFileURL.lastPathComponent
    }
    /// Records of the last build into each output folder (`BuildRecord`).
    public var builds: String { path + "/builds" }
}
