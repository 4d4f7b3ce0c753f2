import Diagnostics
import Foundation
import TutorbuildSupport

/// Reads a content file as UTF-8 text, refusing binary, oversized and badly encoded files with a located diagnostic.
package enum TextFile {
    /// Files above this size are refused rather than parsed.
    package static let maximumSize = 16 * 1024 * 1024

    /// The file's text without a leading byte order mark, or `nil` after reporting why it cannot be used.
    package static func read(_ path: String, into bag: inout DiagnosticBag) -> String? {
        // Reading stops one byte past the limit: a huge file is refused without being read into memory.
        let result = RegularFile.withContents(of: path, limit: maximumSize + 1) { all -> String? in
            if all.count > maximumSize {
                bag.error(.lessonFileTooLarge, .file(path), .fileTooLarge(limit: maximumSize))
                return nil
            }
            let hasBOM = all.count >= 3 && all[0] == 0xEF && all[1] == 0xBB && all[2] == 0xBF
            let text = UnsafeBufferPointer(rebasing: all[(hasBOM ? 3 : 0)...])
            // memchr: a lesson is scanned once for NUL, and a Swift byte loop costs several instructions a byte.
            if let base = text.baseAddress, let nul = memchr(base, 0, text.count) {
                let offset = UnsafeRawPointer(base).distance(to: nul)
                bag.error(.lessonEncodingBinary, location(ofByte: offset, in: text, path: path), .fileIsBinary)
                return nil
            }
            // The fast validating initialiser first; the scalar walk only to locate a bad byte.
            if let string = String(validating: text, as: UTF8.self) { return normalizingLoneCarriageReturns(string, text) }
            if let bad = firstInvalidUTF8(text) {
                bag.error(.lessonEncodingInvalidUTF8, location(ofByte: bad, in: text, path: path), .invalidUTF8(badByte: text[bad]))
                return nil
            }
            return String(decoding: text, as: UTF8.self)
        }
        guard let result else {
            if let kind = RegularFile.specialKind(atPath: path) {
                bag.error(.courseFileNotRegular, .file(path), .notARegularFile(kind))
                return nil
            }
            let reason = String(cString: strerror(errno))
            bag.error(.courseFileUnreadable, .file(path), .unreadable(reason))
            return nil
        }
        return result
    }

    /// `string` with each carriage return that is not followed by a line feed made a line feed: a file
    /// saved with classic Mac line ends (CR only) reads as lines, as cmark already reads its Markdown.
    static func normalizingLoneCarriageReturns(_ string: String, _ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress, memchr(base, 0x0D, bytes.count) != nil else { return string }
        var out = [UInt8](bytes)
        var changed = false
        for i in out.indices where out[i] == 0x0D && (i + 1 == out.count || out[i + 1] != 0x0A) {
            out[i] = 0x0A
            changed = true
        }
        return changed ? String(decoding: out, as: UTF8.self) : string
    }

    private static func location(ofByte offset: Int, in bytes: UnsafeBufferPointer<UInt8>, path: String) -> SourceLocation {
        let before = bytes[..<offset]
        let line = before.count(where: { $0 == 0x0A }) + 1
        let lineStart = before.lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
        let scalars = bytes[lineStart..<offset].count(where: { ($0 & 0xC0) != 0x80 })
        return SourceLocation(path: path, line: line, column: scalars + 1)
    }

    /// The offset of the first byte that breaks UTF-8, if any.
    static func firstInvalidUTF8(_ bytes: some Sequence<UInt8>) -> Int? {
        var decoder = UTF8()
        var iterator = bytes.makeIterator()
        var offset = 0
        var lastGood = 0
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                offset += UTF8.width(scalar)
                lastGood = offset
            case .emptyInput:
                return nil
            case .error:
                return lastGood
            }
        }
    }
}
