import Foundation
import LessonModel
import TutorbuildSupport

/// Writes the site in place, touching only files whose bytes changed; safe to use from several threads at once.
///
/// A build happens in two phases. While rendering, a file whose bytes differ from what the site holds
/// is written beside its target as `.<name>.tutorbuild-new`; nothing the site serves changes, so a build
/// that fails leaves the previous site as it was (`discard()`). `publish()` then renames each new file
/// over its target (pictures, lesson files and indexes before the pages that link them), deletes what
/// the new site no longer has, and writes the manifest. Each rename is atomic, so a build killed at any
/// moment leaves only whole files; the manifest is removed before the first rename and written after
/// the last, so the next build after a kill trusts nothing it remembers and compares bytes instead.
final class SiteFiles: @unchecked Sendable {
    let root: URL
    private let rootPath: String
    /// What the previous, complete build wrote: path to content hash. `nil`: unknown, compare bytes.
    private let previous: [String: String]?
    private let lock = NSLock()
    private var createdFolders: Set<String> = []
    private var _summary = SiteBuildSummary()
    private var _stepName = ""
    /// Every file of the new site, with its content hash.
    private var kept: [String: String] = [:]
    /// Files written beside their targets, waiting for `publish()`.
    private var pending: [String] = []
    /// Files `publishStaged` moved into place before `publish()`.
    private var published: Set<String> = []
    /// Every entry of the site when the build began (`listSite()`): what `keep` checks a kept file against
    /// and where `publish` finds stale files, without looking at each file again.
    private var listing: [String: stat]?

    static let newSuffix = ".tutorbuild-new"

    init(root: URL, previous: [String: String]?) {
        self.root = root
        rootPath = root.path
        self.previous = previous
    }

    /// The step being run, for error messages.
    var stepName: String {
        get { lock.withLock { _stepName } }
        set { lock.withLock { _stepName = newValue } }
    }

    var summary: SiteBuildSummary { lock.withLock { _summary } }

    /// Every file of the new site and its content hash (for the manifest).
    var files: [String: String] { lock.withLock { kept } }

    func count(rendered: Int = 0, reused: Int = 0) {
        lock.withLock {
            _summary.pagesRendered += rendered
            _summary.pagesReused += reused
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

    func createFolder(atPath path: String) throws {
        if let (failedPath, failure) = makeFolder(path) {
            throw fail(failedPath, "cannot create folder (\(String(cString: strerror(failure))))")
        }
    }

    /// One `mkdir` per new folder, parents first; returns the folder that could not be made and errno.
    ///
    /// Only the set of folders already made is read and written under `lock`, never `mkdir` itself
    /// (docs/site.md). Two threads making the same folder at once is harmless: one of them gets `EEXIST`.
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

    /// Puts `text` (UTF-8) at a path relative to the site root.
    func write(_ text: String, to relativePath: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: $0, to: relativePath) }
    }

    /// Puts bytes at a path relative to the site root: nothing happens when the site already holds them.
    func write(bytes: UnsafeBufferPointer<UInt8>, to relativePath: String) throws {
        let hash = ContentHash.of(bytes)
        let path = rootPath + "/" + relativePath
        if isUnchanged(path, relativePath: relativePath, hash: hash, bytes: bytes) {
            lock.withLock { kept[relativePath] = hash }
            return
        }
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            try createFolder(atPath: String(path[..<slash]))
        }
        if let failure = UnsyncedFile.write(UnsafeRawBufferPointer(bytes), to: Self.stagedPath(path), exclusive: false) {
            throw fail(relativePath, "cannot write file (\(String(cString: strerror(failure))))")
        }
        lock.withLock {
            kept[relativePath] = hash
            pending.append(relativePath)
            _summary.filesWritten += 1
            _summary.totalBytes += bytes.count
        }
    }

    /// Whether the site already holds exactly these bytes at `path`.
    private func isUnchanged(_ path: String, relativePath: String, hash: String, bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        isUnchanged(path, relativePath: relativePath, hash: hash, size: bytes.count) {
            FileManager.default.contents(atPath: path)?.elementsEqual(bytes) ?? false
        }
    }

    /// Whether the site holds a file of `size` bytes at `path` that the manifest gives `hash`, or, without a
    /// trustworthy manifest (first build here, or the last one was killed), whose bytes `sameBytes` finds equal.
    private func isUnchanged(_ path: String, relativePath: String, hash: String, size: Int, sameBytes: () -> Bool) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == size else { return false }
        if let previous { return previous[relativePath] == hash }
        return sameBytes()
    }

    /// Copies the regular file at `source` to each path relative to the site root, a chunk at a time: hashed
    /// once, compared and copied as streams, never read whole. A file over `limit` bytes is refused.
    func copy(fileAt source: String, to relativePaths: [String], limit: Int) throws {
        guard let relative = relativePaths.first else { return }
        // Links were refused before the copy; one put in a file's place since is not followed either.
        guard let (hash, size) = ContentHash.of(fileAtPath: source, limit: limit, followingLinks: false) else {
            throw fail(relative, errno == EFBIG
                ? "cannot copy lesson file to the site (over the \(limit / 1_048_576) MB limit)"
                : "cannot copy lesson file to the site (\(String(cString: strerror(errno))))")
        }
        for relativePath in relativePaths {
            let path = rootPath + "/" + relativePath
            if isUnchanged(path, relativePath: relativePath, hash: hash, size: size, sameBytes: { Self.sameBytes(path, source) }) {
                lock.withLock { kept[relativePath] = hash }
                continue
            }
            if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
                try createFolder(atPath: String(path[..<slash]))
            }
            if let failure = Self.copyStream(from: source, to: Self.stagedPath(path), limit: limit) {
                throw fail(relativePath, "cannot write file (\(String(cString: strerror(failure))))")
            }
            lock.withLock {
                kept[relativePath] = hash
                pending.append(relativePath)
                _summary.filesWritten += 1
                _summary.totalBytes += size
            }
        }
    }

    /// Copies `source` into a new file at `target`, a chunk at a time; the `errno` of a failure.
    private static func copyStream(from source: String, to target: String, limit: Int) -> Int32? {
        let fd = open(target, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { return errno }
        defer { close(fd) }
        var failure: Int32?
        let read = RegularFile.withChunks(of: source, limit: limit, followingLinks: false) { chunk in
            if failure == nil { failure = UnsyncedFile.write(UnsafeRawBufferPointer(chunk), to: fd) }
        }
        return failure ?? (read == nil ? errno : nil)
    }

    /// Whether the files at `a` and `b` hold the same bytes, read a chunk at a time.
    private static func sameBytes(_ a: String, _ b: String) -> Bool {
        guard let other = RegularFile.openForReading(b) else { return false }
        defer { close(other) }
        var same = true
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        let count = RegularFile.withChunks(of: a) { chunk in
            guard same else { return }
            var filled = 0
            while filled < chunk.count {
                let n = buffer.withUnsafeMutableBytes { Foundation.read(other, $0.baseAddress! + filled, chunk.count - filled) }
                if n < 0, errno == EINTR { continue }
                if n <= 0 { break }
                filled += n
            }
            same = filled == chunk.count && buffer.withUnsafeBufferPointer { memcmp($0.baseAddress!, chunk.baseAddress!, chunk.count) == 0 }
        }
        guard same, count != nil else { return false }
        // Nothing left in `b`.
        var byte: UInt8 = 0
        return Foundation.read(other, &byte, 1) == 0
    }

    /// Lists every entry of the site as it is before this build writes anything.
    func listSite() throws {
        let listing = try currentListing()
        lock.withLock { self.listing = listing }
    }

    /// Every entry of the site as it is now.
    private func currentListing() throws -> [String: stat] {
        guard let entries = FileTree.map(rootPath, { name, info in (name, info) }) else {
            throw fail(rootPath, "cannot read every entry of the site folder; make them readable, or remove the folder to build it afresh")
        }
        return Dictionary(entries, uniquingKeysWith: { a, _ in a })
    }

    /// Keeps a page and its pictures as the previous build left them; false if any is missing.
    func keep(_ entry: BuildManifest.Entry) -> Bool {
        guard let previous else { return false }
        var hashes: [(String, String)] = []
        // Without a listing (`listSite()` not called) nothing is known to be there to keep.
        guard let listing = lock.withLock({ self.listing }) else { return false }
        for file in entry.files {
            guard let hash = previous[file], let info = listing[file], (info.st_mode & S_IFMT) == S_IFREG else { return false }
            hashes.append((file, hash))
        }
        lock.withLock { for (file, hash) in hashes { kept[file] = hash } }
        return true
    }

    static func stagedPath(_ path: String) -> String {
        let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")).map { path.index(after: $0) } ?? path.startIndex
        return String(path[..<slash]) + "." + String(path[slash...]) + newSuffix
    }

    /// Removes the files written for a build that will not be published.
    func discard() {
        for file in lock.withLock({ pending }) { unlink(Self.stagedPath(rootPath + "/" + file)) }
        lock.withLock { pending.removeAll() }
    }

    /// Makes the new site the site: renames the new files into place, removes what is gone, writes the
    /// manifest, and notes the site's identity afterwards in the summary (`BuildRecord.siteIdentity(of:)`).
    ///
    /// Stale files are those of the listing made when the build began (`listSite()`) that the new site does
    /// not have; afterwards only the entries this changed (and the folders holding them, whose times change
    /// with them) are looked at again.
    func publish(manifest: BuildManifest, manifestFile: String) throws {
        let (changed, files, before, early) = lock.withLock { (pending, kept, self.listing, published) }
        var listing = try before ?? currentListing()
        let (stale, emptyFolders) = staleFiles(in: listing, keeping: files, staged: Set(changed), manifestFile: manifestFile)
        let manifestPath = rootPath + "/" + manifestFile
        let manifestText = manifest.json()
        let manifestChanged = FileManager.default.contents(atPath: manifestPath).map { String(decoding: $0, as: UTF8.self) } != manifestText
        guard !changed.isEmpty || !stale.isEmpty || manifestChanged || !early.isEmpty else {
            let identity = BuildRecord.siteIdentity(of: listing)
            lock.withLock { _summary.siteIdentity = identity }
            return
        }
        // From here until the new manifest is written the site is a mix of old and new whole files: a build
        // killed meanwhile must not trust the old manifest's hashes.
        unlink(manifestPath)
        var touched: Set<String> = early.union([manifestFile])
        for file in early { listing[Self.stagedPath(file)] = nil }
        for file in try moveIntoPlace(changed) {
            listing[Self.stagedPath(file)] = nil
            touched.insert(file)
        }
        for file in stale {
            unlink(rootPath + "/" + file)
            listing[file] = nil
            touched.insert(file)
        }
        for folder in emptyFolders {
            rmdir(rootPath + "/" + folder)
            touched.insert(folder)
        }
        try writeAtomically(manifestText, to: manifestPath)
        // What changed, and the folders around it (an entry added or removed changes its folder's time).
        var again = touched
        for path in touched {
            var folder = Substring(path)
            while let slash = folder.lastIndex(of: "/") {
                folder = folder[..<slash]
                again.insert(String(folder))
            }
        }
        for path in again {
            var info = stat()
            listing[path] = lstat(rootPath + "/" + path, &info) == 0 ? info : nil
        }
        let identity = BuildRecord.siteIdentity(of: listing)
        lock.withLock { _summary.siteIdentity = identity }
    }

    /// Moves the files staged so far into place, for a preview to show before the build is done (the search
    /// indexes follow, `SiteOptions.pagesPublished`); `publish` completes the build. The manifest goes first,
    /// as in `publish`: until it is written again, the site is a mix that the next build must compare by bytes.
    func publishStaged(manifestFile: String) throws {
        let changed = lock.withLock { pending }
        guard !changed.isEmpty else { return }
        unlink(rootPath + "/" + manifestFile)
        let moved = try moveIntoPlace(changed)
        lock.withLock { published.formUnion(moved) }
    }

    /// Renames each of `files`' staged copies over it, pages last, so whatever a new page links to is in place
    /// before it; removes them from the files waiting, and returns them.
    private func moveIntoPlace(_ files: [String]) throws -> [String] {
        let ordered = files.sorted { ($0.hasSuffix(".html") ? 1 : 0, $0) < ($1.hasSuffix(".html") ? 1 : 0, $1) }
        for file in ordered {
            let target = rootPath + "/" + file
            if rename(Self.stagedPath(target), target) != 0 {
                throw fail(file, "cannot move the new file into place (\(String(cString: strerror(errno))))")
            }
        }
        let moved = Set(ordered)
        lock.withLock { pending.removeAll { moved.contains($0) } }
        return ordered
    }

    /// Files under the root that the new site does not have (leftovers of killed builds included), and the
    /// folders that hold nothing else, deepest first.
    ///
    /// Listed with `lstat` (`FileTree`): Foundation's enumerator looks up every entry's owner and group by
    /// name, which read `/etc/passwd` and `/etc/group` twice per file of the site.
    private func staleFiles(
        in listing: [String: stat], keeping files: [String: String], staged: Set<String>, manifestFile: String
    ) -> (files: [String], emptyFolders: [String]) {
        var stale: [String] = []
        var folders: [String] = []
        var occupied: Set<String> = []
        for (name, info) in listing {
            if (info.st_mode & S_IFMT) == S_IFDIR {
                folders.append(name)
                continue
            }
            if isStale(name) {
                stale.append(name)
            } else {
                var folder = Substring(name)
                while let slash = folder.lastIndex(of: "/") {
                    folder = folder[..<slash]
                    if !occupied.insert(String(folder)).inserted { break }
                }
            }
        }
        func isStale(_ name: String) -> Bool {
            if name == manifestFile || files[name] != nil { return false }
            // A file staged by this build is published, not removed.
            if name.hasSuffix(Self.newSuffix) {
                let folder = (name as NSString).deletingLastPathComponent
                var base = (name as NSString).lastPathComponent
                base = String(base.dropFirst().dropLast(Self.newSuffix.count))
                if staged.contains(folder.isEmpty ? base : folder + "/" + base) { return false }
            }
            return true
        }
        // Deepest first, so a folder is removed after the folders inside it.
        return (stale.sorted(), folders.filter { !occupied.contains($0) }.sorted { $0.split(separator: "/").count > $1.split(separator: "/").count })
    }

    private func writeAtomically(_ text: String, to path: String) throws {
        let staged = Self.stagedPath(path)
        var text = text
        if let failure = text.withUTF8({ UnsyncedFile.write(UnsafeRawBufferPointer($0), to: staged, exclusive: false) }) ?? (rename(staged, path) == 0 ? nil : errno) {
            throw fail(path, "cannot write the build manifest (\(String(cString: strerror(failure))))")
        }
    }
}
