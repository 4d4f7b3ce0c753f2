import Foundation
import LessonModel
import TutorbuildSupport

/// The text of every page of one language's search index as the last build read it (`SearchPageText`),
/// by the hash of the page's Markdown: kept in `.tutorbuild/` so that making the index again after an
/// edit reads the other pages' text from one file instead of parsing each of them.
///
/// Written whenever the index is made. Whatever cannot be read back whole (another format, another
/// program or setting, a damaged file) reads as empty, and the pages' text is made from their files.
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
        guard let data = RegularFile.contents(atPath: path) else { return [:] }
        let bytes = [UInt8](data)
        let head = Array("\(inputs)\n".utf8)
        guard bytes.starts(with: head) else { return [:] }
        var reader = Reader(bytes: bytes[head.count...])
        var texts: [String: SearchPageText] = [:]
        var entries = 0
        // Entries, each with the hash of its bytes, then the end mark and their count (see `Writer`).
        while let length = reader.number() {
            if length == Writer.endMark {
                guard reader.number() == entries, reader.isAtEnd else { return [:] }
                return texts
            }
            guard let hash = reader.bytes(16), var entry = reader.bytes(length).map({ Reader(bytes: $0) }),
                  hash.elementsEqual(entry.bytes.withUnsafeBufferPointer { ContentHash.of($0) }.utf8),
                  let (sourceHash, text) = Self.entry(&entry), entry.isAtEnd
            else { return [:] }
            texts[sourceHash] = text
            entries += 1
        }
        return [:]
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
        Writer(path: path, head: "\(inputs)\n")
    }

    /// Writes entries to a temporary file beside the cache, renamed over it by `finish()`.
    ///
    /// Each entry is its length, the hash of its bytes and the bytes; after the last, an end mark and the
    /// number of entries, so that a file cut short anywhere reads as empty.
    struct Writer {
        static let endMark = Int(UInt32.max)

        private let path: String
        private let temporary: String
        private var fd: Int32
        private var buffer: [UInt8] = []
        private var entry: [UInt8] = []
        private var count = 0
        private var failed = false

        init?(path: String, head: String) {
            self.path = path
            temporary = path + ".\(UUID().uuidString).tmp"
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return nil }
            buffer.reserveCapacity(Self.chunk + 4096)
            buffer.append(contentsOf: head.utf8)
        }

        /// Bytes gathered before they are written.
        private static let chunk = 256 * 1024

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
            Self.append(number: entry.count, to: &buffer)
            buffer.append(contentsOf: entry.withUnsafeBufferPointer { ContentHash.of($0) }.utf8)
            buffer.append(contentsOf: entry)
            count += 1
            if buffer.count >= Self.chunk { flush() }
        }

        /// Ends the file and puts it in place of the stored one (a reader sees the old file, the new or none).
        mutating func finish() {
            Self.append(number: Self.endMark, to: &buffer)
            Self.append(number: count, to: &buffer)
            flush()
            close(fd)
            if failed || rename(temporary, path) != 0 { unlink(temporary) }
        }

        /// Leaves the stored file as it was.
        func discard() {
            close(fd)
            unlink(temporary)
        }

        private mutating func flush() {
            if !failed { failed = buffer.withUnsafeBytes { UnsyncedFile.write($0, to: fd) } != nil }
            buffer.removeAll(keepingCapacity: true)
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
