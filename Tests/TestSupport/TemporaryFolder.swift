import Foundation

/// Fresh folders for what tests write, all inside one folder per test process that is removed when the process exits.
public enum TemporaryFolder {
    /// A new, empty folder named `prefix-<uuid>`.
    public static func make(_ prefix: String = "test") -> URL {
        let url = runFolder.appendingPathComponent("\(prefix)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    // One folder per process rather than one per test, so a run cleans up after itself even where a test forgets to.
    private static let runFolder: URL = {
        let url = runFolderURL(pid: getpid())
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: TemporaryFolder.runFolderURL(pid: getpid())) }
        return url
    }()

    private static func runFolderURL(pid: Int32) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tutorbuild-tests-\(pid)")
    }
}
