import Foundation
import LessonModel
import TutorbuildSupport

/// The text of every page of one language's search index as the last build read it (`SearchPageText`),
/// by the hash of the page's Markdown: kept in `.tutorbuild/` so that making the index again after an
/// edit reads the other pages' text from one file instead of parsing each of them.
///
/// Read and written only when the index is made without stored postings (`SearchPostingsCache`: the first
/// build, another program or folding table), which otherwise spare a rebuild the text of unchanged pages.
/// Whatever cannot be read back whole (another format, another program or setting, a damaged file) reads as
/// empty, and the pages' text is made from their files.
struct SearchTextCache {
    static let format = "tutorbuild-search-text-2"

    let path: String
    /// What else decides a page's text: the running program (the parser) and whether raw HTML is allowed.
    let inputs: String

    /// The cache at `folder` for `language`'s index, for pages parsed with `allowRawHTML`.
    init(folder: String, language: Language, allowRawHTML: Bool) {
        path = folder + "/search-text-" + language.rawValue
        inputs = "\(Self.format) \(RunningProgram.fingerprint) raw-html \(allowRawHTML)"
    }

    /// The stored text of each page, by its `sourceHash`; empty when there is none to trust.
    func load() -> [String: SearchPageText] {
        guard let (bytes, entries) = CacheEntryFile.read(path: path, head: inputs) else { return [:] }
        var texts: [String: SearchPageText] = [:]
        for range in entries {
            var entry = Reader(bytes: bytes[range])
            guard let (sourceHash, text) = Self.entry(&entry), entry.isAtEnd else { return [:] }
            texts[sourceHash] = text
        }
        return texts
    }

    /// One page's entry: its `sourceHash` and text.
    private static func entry(_ reader: inout Reader) -> (String, SearchPageText)? {
        guard let hash = reader.string(), let count = reader.number() else { return nil }
        var sections: [SearchPageText.Section] = []
        for _ in 0..<count {
            guard let heading = reader.number(), let title = reader.string(), let pieceCount = reader.number() else { return nil }
            var pieces: [String] = []
            for _ in 0..<pieceCount {
                guard let piece = reader.string() else { return nil }
                pieces.append(piece)
            }
            guard let codeCount = reader.number() else { return nil }
            var code: [String] = []
            for _ in 0..<codeCount {
                guard let piece = reader.string() else { return nil }
                code.append(piece)
            }
            sections.append(.init(hasHeading: heading == 1, title: title, pieces: pieces, code: code))
        }
        return (hash, SearchPageText(sections: sections))
    }

    /// Stores the text of each page (`sourceHash`, text), replacing what was stored.
    func store(_ pages: [(sourceHash: String, text: SearchPageText)]) {
        guard var writer = writer() else { return }
        for page in pages { writer.add(page.sourceHash, page.text) }
        writer.finish()
    }

    /// A new cache file, written page by page as the index takes them, so that the text of a language's
    /// pages (megabytes) is never held a second time; it replaces the stored one when finished.
    func writer() -> Writer? {
        CacheEntryFile.Writer(path: path, head: inputs).map { Writer(file: $0) }
    }

    /// Writes each page's text as an entry of a `CacheEntryFile`.
    struct Writer {
        private var file: CacheEntryFile.Writer
        private var entry: [UInt8] = []

        init(file: CacheEntryFile.Writer) {
            self.file = file
        }

        mutating func add(_ sourceHash: String, _ text: SearchPageText) {
            entry.removeAll(keepingCapacity: true)
            Self.append(string: sourceHash, to: &entry)
            Self.append(number: text.sections.count, to: &entry)
            for section in text.sections {
                Self.append(number: section.hasHeading ? 1 : 0, to: &entry)
                Self.append(string: section.title, to: &entry)
                Self.append(number: section.pieces.count, to: &entry)
                for piece in section.pieces { Self.append(string: piece, to: &entry) }
                Self.append(number: section.code.count, to: &entry)
                for piece in section.code { Self.append(string: piece, to: &entry) }
            }
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

        private static func append(number value: Int, to bytes: inout [UInt8]) {
            var little = UInt32(value).littleEndian
            withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
        }

        private static func append(string text: String, to bytes: inout [UInt8]) {
            append(number: text.utf8.count, to: &bytes)
            bytes.append(contentsOf: text.utf8)
        }
    }

    /// Reads the numbers and strings `Writer` wrote, refusing any that would run past the end.
    private struct Reader {
        let bytes: ArraySlice<UInt8>
        var offset: Int

        init(bytes: ArraySlice<UInt8>) {
            self.bytes = bytes
            offset = bytes.startIndex
        }

        var isAtEnd: Bool { offset == bytes.endIndex }

        mutating func number() -> Int? {
            guard bytes.endIndex - offset >= 4 else { return nil }
            var value: UInt32 = 0
            for k in 0..<4 { value |= UInt32(bytes[offset + k]) << (8 * UInt32(k)) }
            offset += 4
            return Int(value)
        }

        mutating func string() -> String? {
            guard let count = number(), let bytes = bytes(count) else { return nil }
            return String(decoding: bytes, as: UTF8.self)
        }

        mutating func bytes(_ count: Int) -> ArraySlice<UInt8>? {
            guard bytes.endIndex - offset >= count else { return nil }
            defer { offset += count }
            return bytes[offset..<(offset + count)]
        }
    }
}
