import Foundation
import LessonModel

/// Writes the files of the site being built; safe to use from several threads at once.
final class SiteFiles: @unchecked Sendable {
    let root: URL
    private let lock = NSLock()
    private var createdFolders: Set<String> = []
    private var _summary = SiteBuildSummary()
    private var _stepName = ""

    private let rootPath: String

    init(root: URL) {
        self.root = root
        rootPath = root.path
    }

    /// The step being run, for error messages.
    var stepName: String {
        get { lock.withLock { _stepName } }
        set { lock.withLock { _stepName = newValue } }
    }

    var summary: SiteBuildSummary { lock.withLock { _summary } }

    func count(rendered: Int = 0, reused: Int = 0, files: Int = 0) {
        lock.withLock {
            _summary.pagesRendered += rendered
            _summary.pagesReused += reused
            _summary.filesWritten += files
        }
    }

    func recordIndex(_ language: Language, bytes: Int) {
        lock.withLock { _summary.searchIndexBytes[language.rawValue] = bytes }
    }

    func fail(_ path: String, _ message: String) -> SiteBuildError {
        SiteBuildError(step: stepName, path: path, message: message)
    }

    /// `error` as the build reports it: a `SiteBuildError` as it is, anything else named after `path`.
    func buildError(_ error: Error, at path: String) -> SiteBuildError {
        error as? SiteBuildError ?? fail(path, "\(error)")
    }

    func createFolder(_ url: URL) throws {
        try createFolder(atPath: url.path)
    }

    func createFolder(atPath path: String) throws {
        if let (failedPath, failure) = makeFolder(path) {
            throw fail(failedPath, "cannot create folder (\(String(cString: strerror(failure))))")
        }
    }

    /// One `mkdir` per new folder (mode 0777 less the umask, as FileManager makes them), parents first (FileManager's `createDirectory(withIntermediateDirectories:)`
    /// stats every component of the path each time). Returns the folder that could not be made and errno.
    ///
    /// Only the set of folders already made is read and written under `lock`, never `mkdir` itself: on an
    /// ext4 disk without a journal a `mkdir` can take long, and holding the lock through it left the other
    /// workers waiting for it (each page has a folder of its own). Two threads making the same folder at
    /// once is harmless: one of them gets `EEXIST`.
    private func makeFolder(_ path: String) -> (String, Int32)? {
        if lock.withLock({ createdFolders.contains(path) }) { return nil }
        if mkdir(path, 0o777) != 0 {
            var failure = errno
            if failure == ENOENT {
                let parent = (path as NSString).deletingLastPathComponent
                if parent != path, !parent.isEmpty {
                    if let parentFailure = makeFolder(parent) { return parentFailure }
                    failure = mkdir(path, 0o777) == 0 ? 0 : errno
                }
            }
            var isDirectory: ObjCBool = false
            if failure != 0, !(failure == EEXIST && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                return (path, failure)
            }
        }
        lock.withLock { _ = createdFolders.insert(path) }
        return nil
    }

    /// Writes `text` as UTF-8 to a path relative to the site root.
    func write(_ text: String, to relativePath: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: $0, to: relativePath) }
    }

    /// Writes UTF-8 bytes to a path relative to the site root.
    func write(bytes: UnsafeBufferPointer<UInt8>, to relativePath: String) throws {
        // Paths as strings: `URL.appendingPathComponent` asks the file system whether each page is a folder.
        let path = rootPath + "/" + relativePath
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            try createFolder(atPath: String(path[..<slash]))
        }
        // Plain POSIX writes: Foundation's `Data.write` syncs every file to disk, which thousands of pages
        // cannot afford; the folder swap at the end is what makes the build safe.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail(relativePath, "cannot write file (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(relativePath, "cannot write file (\(String(cString: strerror(errno))))")
            }
            offset += n
        }
        lock.withLock {
            _summary.filesWritten += 1
            _summary.totalBytes += bytes.count
        }
    }

    /// Takes a page and its pictures over from the previous site by hard link (or copy); false if any is missing.
    func reuse(_ entry: BuildManifest.Entry, from output: URL) -> Bool {
        for file in entry.files {
            let from = output.appendingPathComponent(file)
            let to = root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: from.path) else { return false }
            guard (try? createFolder(to.deletingLastPathComponent())) != nil else { return false }
            if link(from.path, to.path) != 0, (try? FileManager.default.copyItem(at: from, to: to)) == nil {
                return false
            }
            count(files: 1)
        }
        return true
    }
}
