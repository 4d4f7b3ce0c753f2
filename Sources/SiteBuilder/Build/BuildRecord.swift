import Diagnostics
import Digest
import Foundation
import LessonModel
import TutorbuildSupport

/// What the last successful build into a site was made from and what it left there, so that a build with
/// the same inputs into the same, untouched site can stop before reading a single lesson.
///
/// An author rebuilds again and again, mostly with nothing changed; checking that nothing changed (every
/// content file's bytes, the site's file identities) costs a fraction of parsing the course. The record
/// lives outside the site, in `.tutorbuild/`, so nothing private is published; it is removed before a
/// build changes anything and written after the build has published, so a build killed halfway leaves no
/// record and the next build is a whole one (docs/site.md, "Build behaviour").
public struct BuildRecord: Codable, Sendable, Equatable {
    static let format = "tutorbuild-build-record-2"

    /// Hash of the site as the build left it: every entry's path, kind, size, modification time and inode.
    public var site: String
    /// The build's diagnostics, shown again by a build that stops early.
    public var diagnostics: [Diagnostic]
    /// Lines the build printed about its steps (doc-test notices and summary, the site summary).
    public var lines: [String]
    public var pages: Int
    public var lessons: Int

    public init(site: String, diagnostics: [Diagnostic], lines: [String], pages: Int, lessons: Int) {
        self.site = site
        self.diagnostics = diagnostics
        self.lines = lines
        self.pages = pages
        self.lessons = lessons
    }

    /// Where the record of the last build into `outputPath` is kept in `workspace`.
    public static func path(in workspace: Workspace, outputPath: String) -> String {
        var name = ContentHash()
        name.add(URL(fileURLWithPath: outputPath).standardizedFileURL.path)
        return "\(workspace.builds)/\(name.hex).record"
    }

    /// The record at `path` of a build from `inputs` (see `inputs(content:settings:)`), or `nil` when there
    /// is none whole in this format, or it is of other inputs.
    ///
    /// The inputs are in the record's first line, so a record of other inputs is refused before its
    /// diagnostics are read, as on every build after an edit.
    public static func load(from path: String, inputs: String) -> BuildRecord? {
        guard let stored = RegularFile.contents(atPath: path),
              let body = CacheFile.unseal(stored, label: "\(format) \(inputs)")
        else { return nil }
        return SpeedMachinery.lineFormats ? BuildRecord(encodedLines: [UInt8](body)) : try? JSONDecoder().decode(BuildRecord.self, from: body)
    }

    /// Writes the record of a build from `inputs` atomically (a reader sees the old one, the new one or none).
    public func write(to path: String, inputs: String) {
        guard let body = SpeedMachinery.lineFormats ? Data(encodedLines.utf8) : try? JSONEncoder().encode(self) else { return }
        CacheFile.write(CacheFile.seal(body, label: "\(Self.format) \(inputs)"), to: path)
    }

    /// Forgets the record: the site is about to change.
    public static func remove(at path: String) {
        unlink(path)
    }

    /// The record as lines of tab-separated fields (`LineField`), read by every build that may stop early: its
    /// diagnostics (a thousand warnings for a course of a thousand lessons) took longer to encode and decode as JSON.
    ///
    /// ```
    /// site <hash>    pages <count>    lessons <count>
    /// line <a printed line>
    /// diagnostic …   (`DiagnosticLine`)
    /// end <count of the line and diagnostic lines>
    /// ```
    var encodedLines: String {
        var out = "site\t\(LineField.escaped(site))\npages\t\(pages)\nlessons\t\(lessons)\n"
        for line in lines { out += "line\t" + LineField.escaped(line) + "\n" }
        for diagnostic in diagnostics { out += DiagnosticLine.line(diagnostic) + "\n" }
        out += "end\t\(lines.count + diagnostics.count)\n"
        return out
    }

    /// The record `encodedLines` wrote, or `nil` for anything else.
    init?(encodedLines body: [UInt8]) {
        var site: String?, pages: Int?, lessons: Int?
        var printed: [String] = []
        var diagnostics: [Diagnostic] = []
        var ended = false
        for line in body.split(separator: 0x0A) {
            guard !ended else { return nil }
            let fields = line.split(separator: 0x09, omittingEmptySubsequences: false)
            func text() -> String? { fields.count == 2 ? fields[1].withUnsafeBufferPointer { LineField.unescaped(bytes: $0) } : nil }
            switch String(decoding: fields[0], as: UTF8.self) {
            case "site": site = text()
            case "pages": pages = text().flatMap { Int($0) }
            case "lessons": lessons = text().flatMap { Int($0) }
            case "line":
                guard let text = text() else { return nil }
                printed.append(text)
            case "diagnostic":
                guard let diagnostic = DiagnosticLine.diagnostic(fields) else { return nil }
                diagnostics.append(diagnostic)
            case "end":
                guard text().flatMap({ Int($0) }) == printed.count + diagnostics.count else { return nil }
                ended = true
            default:
                return nil
            }
        }
        guard ended, let site, let pages, let lessons else { return nil }
        self.init(site: site, diagnostics: diagnostics, lines: printed, pages: pages, lessons: lessons)
    }

    /// The content folder as a build reads it: a hash of all of it, and one of each top-level entry (a
    /// lesson folder, `site.yml`, …), by which a rebuild finds the lessons that changed.
    public struct ContentSnapshot: Sendable, Equatable {
        public var hash: String
        /// Each top-level entry's name and the hash of it and everything inside it.
        public var entries: [String: String]

        public init(hash: String, entries: [String: String]) {
            self.hash = hash
            self.entries = entries
        }
    }

    /// The content folder's hashes: of every entry's relative path and every file's bytes, and the same per
    /// top-level entry; `nil` when they cannot be known from the folder alone.
    ///
    /// A symbolic link may point outside the folder, where a change would go unseen, and an entry that
    /// cannot be read cannot be compared: either makes the answer `nil`, and the build a whole one.
    public static func contentSnapshot(of contentPath: String) -> ContentSnapshot? {
        let entries = FileTree.map(contentPath) { relative, info -> (top: Substring, line: String)? in
            let top = relative.prefix { $0 != "/" }
            switch info.st_mode & S_IFMT {
            case S_IFDIR:
                return (top, "d \(relative)")
            case S_IFREG:
                // Streamed, and no bigger than the loader accepts: a 2 GB picture is neither read whole nor
                // hashed on every rebuild (the whole build then reports it).
                let digest = ContentHash.of(fileAtPath: contentPath + "/" + relative, limit: max(LessonAsset.maximumSize, TextFile.maximumSize))
                return digest.map { (top, "f \(relative) \($0.hex)") }
            default:
                // Links, FIFOs, sockets, devices: the loader follows or reports them; only a whole build can tell.
                return nil
            }
        }
        guard let entries else { return nil }
        var hash = ContentHash()
        var parts: [String: ContentHash] = [:]
        for entry in entries {
            hash.add(entry.line)
            parts[String(entry.top), default: ContentHash()].add(entry.line)
        }
        return ContentSnapshot(hash: hash.hex, entries: parts.mapValues(\.hex))
    }

    /// The inputs of a build: the content folder's hash and everything else that decides the site (`settings`).
    public static func inputs(content: String, settings: [String]) -> String {
        var hash = ContentHash()
        hash.add(format)
        hash.add(content)
        for setting in settings { hash.add(setting) }
        return hash.hex
    }

    /// The hash of every entry of the site folder as it is on disk now, or `nil` when there is no site.
    public static func siteIdentity(outputPath: String) -> String? {
        guard let entries = FileTree.map(outputPath, { relative, info in (relative, info) }) else { return nil }
        return siteIdentity(of: Dictionary(entries, uniquingKeysWith: { first, _ in first }))
    }

    /// The hash of a site's entries (path relative to the site, and `lstat`), in path order.
    ///
    /// A build knows its site's entries once it has published (`SiteFiles.publish`), so it does not walk
    /// the site again to record it; this is what `siteIdentity(outputPath:)` gives for the same entries.
    static func siteIdentity(of listing: [String: stat]) -> String {
        var hash = ContentHash()
        for path in listing.keys.sorted() {
            let info = listing[path]!
            hash.add("\(path) \(info.st_mode) \(FileStamp.describe(info))")
        }
        return hash.hex
    }
}
