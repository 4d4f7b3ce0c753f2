import LessonModel
import TutorbuildSupport

/// Each page of one language's search index as the last build indexed it (`IndexedPage`: documents and
/// postings), by a key of everything the index reads of the page: making the index again after an edit
/// tokenizes only the pages that changed and merges the others' postings (docs/site.md, "Search postings
/// of unchanged pages").
///
/// Kept in `.tutorbuild/` beside the page records, and written whenever the index is made. The file is a
/// `CacheEntryFile` whose first line names what every entry depends on besides its page (the format, the
/// running program, whether raw HTML is allowed, the language and the folding table); a file that cannot be
/// read back whole, or any other first line, reads as no stored pages.
struct SearchPostingsCache {
    static let format = "tutorbuild-search-postings-1"

    let path: String
    /// The first line: what decides every page's postings besides the page itself.
    let inputs: String

    /// The cache at `folder` for `language`'s index, for pages parsed with `allowRawHTML` and folded with `folding`.
    init(folder: String, language: Language, allowRawHTML: Bool, folding: ScriptFolding) {
        path = folder + "/search-postings-" + language.rawValue
        var table = ContentHash()
        table.add(folding.name)
        for (from, to) in folding.table.sorted(by: { $0.key < $1.key }) { table.add("\(from)\(to)") }
        inputs = "\(Self.format) \(RunningProgram.fingerprint) raw-html \(allowRawHTML) \(language.rawValue) folding \(table.hex)"
    }

    /// What an index reads of a page besides its body, whose text its Markdown's hash decides: the page's URL,
    /// its title and summary. (Its anchors are read when it is merged, from the page: a renamed heading in the
    /// source language renames them without changing the page.)
    static func key(of page: PageContent) -> String {
        var h = ContentHash()
        h.add(PagePath.lesson(page.slug, page.language).filePath)
        h.add(page.sourceHash)
        h.add(page.title)
        h.add(page.summary)
        return h.hex
    }

    /// The stored pages; none when there is no file this build can trust.
    func load() -> Stored {
        guard let (bytes, entries) = CacheEntryFile.read(path: path, head: inputs) else { return Stored() }
        var stored = Stored(bytes: bytes)
        for range in entries {
            // An entry is its page's key (16 hex digits) and the page's encoding.
            guard range.count >= 16 else { return Stored() }
            let key = String(decoding: bytes[range.lowerBound..<(range.lowerBound + 16)], as: UTF8.self)
            stored.entries[key] = (range.lowerBound + 16)..<range.upperBound
        }
        return stored
    }

    /// The pages a build read back, each decoded when asked for.
    struct Stored {
        fileprivate var bytes: [UInt8] = []
        /// Where each page's encoding lies in `bytes`, by key.
        fileprivate var entries: [String: Range<Int>] = [:]

        var isEmpty: Bool { entries.isEmpty }
        var entryCount: Int { entries.count }

        func contains(_ key: String) -> Bool { entries[key] != nil }

        /// The page stored under `key`, or nil.
        func page(_ key: String) -> IndexedPage? {
            guard let range = entries[key] else { return nil }
            return bytes.withUnsafeBufferPointer { IndexedPage(decoding: UnsafeBufferPointer(rebasing: $0[range])) }
        }

        /// Copies the entry stored under `key` into `writer` as it is; false when there is none.
        func copy(_ key: String, to writer: inout Writer) -> Bool {
            guard let range = entries[key] else { return false }
            bytes.withUnsafeBufferPointer { writer.add(key: key, encoded: UnsafeBufferPointer(rebasing: $0[range])) }
            return true
        }
    }

    /// A new cache file, written page by page as the index takes them; it replaces the stored one when finished.
    func writer() -> Writer? {
        CacheEntryFile.Writer(path: path, head: inputs).map { Writer(file: $0) }
    }

    /// Writes each page as an entry of a `CacheEntryFile`.
    struct Writer {
        private var file: CacheEntryFile.Writer
        private var entry: [UInt8] = []

        init(file: CacheEntryFile.Writer) {
            self.file = file
        }

        mutating func add(key: String, _ page: IndexedPage) {
            entry.removeAll(keepingCapacity: true)
            entry.append(contentsOf: key.utf8)
            page.encode(into: &entry)
            entry.withUnsafeBufferPointer { file.add(entry: $0) }
        }

        /// Adds a page already encoded (a stored one, copied as it is).
        mutating func add(key: String, encoded: UnsafeBufferPointer<UInt8>) {
            entry.removeAll(keepingCapacity: true)
            entry.append(contentsOf: key.utf8)
            entry.append(contentsOf: encoded)
            entry.withUnsafeBufferPointer { file.add(entry: $0) }
        }

        /// Ends the file and puts it in place of the stored one (a reader sees the old file, the new or none).
        mutating func finish() {
            file.finish()
        }

        /// Leaves the stored file as it was.
        func discard() {
            file.discard()
        }
    }
}
