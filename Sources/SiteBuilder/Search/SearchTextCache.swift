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
    static let format = "tutorbuild-search-text-1"

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
        guard let lineEnd = bytes.firstIndex(of: 0x0A) else { return [:] }
        let body = bytes[(lineEnd + 1)...]
        let head = "\(inputs) \(body.withUnsafeBufferPointer { ContentHash.of($0) })"
        guard bytes[..<lineEnd].elementsEqual(head.utf8) else { return [:] }
        var reader = Reader(bytes: body)
        var texts: [String: SearchPageText] = [:]
        while !reader.isAtEnd {
            guard let hash = reader.string(), let count = reader.number() else { return [:] }
            var sections: [SearchPageText.Section] = []
            for _ in 0..<count {
                guard let heading = reader.number(), let title = reader.string(), let pieceCount = reader.number() else { return [:] }
                var pieces: [String] = []
                for _ in 0..<pieceCount {
                    guard let piece = reader.string() else { return [:] }
                    pieces.append(piece)
                }
                sections.append(.init(hasHeading: heading == 1, title: title, pieces: pieces))
            }
            texts[hash] = SearchPageText(sections: sections)
        }
        return texts
    }

    /// Stores the text of each page (`sourceHash`, text), replacing what was stored.
    func store(_ pages: [(sourceHash: String, text: SearchPageText)]) {
        var body: [UInt8] = []
        func number(_ value: Int) {
            var little = UInt32(value).littleEndian
            withUnsafeBytes(of: &little) { body.append(contentsOf: $0) }
        }
        func string(_ text: String) {
            number(text.utf8.count)
            body.append(contentsOf: text.utf8)
        }
        for page in pages {
            string(page.sourceHash)
            number(page.text.sections.count)
            for section in page.text.sections {
                number(section.hasHeading ? 1 : 0)
                string(section.title)
                number(section.pieces.count)
                for piece in section.pieces { string(piece) }
            }
        }
        var file = Array("\(inputs) \(body.withUnsafeBufferPointer { ContentHash.of($0) })\n".utf8)
        file.append(contentsOf: body)
        CacheFile.write(file, to: path)
    }

    /// Reads the numbers and strings `store` wrote, refusing any that would run past the end.
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
            guard let count = number(), bytes.endIndex - offset >= count else { return nil }
            defer { offset += count }
            return String(decoding: bytes[offset..<(offset + count)], as: UTF8.self)
        }
    }
}
