import Foundation
import TutorbuildSupport

/// Joins source lines broken between two Chinese characters: a browser would show the line break as a space.
///
/// The CSS Text rule for segment breaks between East Asian characters is not implemented by browsers,
/// so the build applies it (`CJKText.joinsLines`): a newline goes when it has a Chinese character on both
/// sides, or full-width punctuation on either side (`，` then a digit on the next line must not read `， 2`).
/// The characters on either side are the text's, through the tags of bold, links and code around them
/// (`我们需要\n<strong>注意</strong>` joins too).
enum CJKLineBreaks {
    static func join(_ html: String) -> String {
        var out = ByteBuffer()
        append(html, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    /// `join(_:)` appending to a page's UTF-8, so the joined text is never built as a String of its own.
    static func append(_ html: String, to out: inout ByteBuffer) {
        var html = html
        // On UTF-8 bytes: only newlines are dropped, and the scalars beside one are decoded where needed.
        html.withUTF8 { bytes in
            guard let base = bytes.baseAddress else { return }
            /// Bytes before this are in `out`.
            var copied = 0
            var k = 0
            // memchr finds the newlines: few of a paragraph's bytes are one, and a byte loop was most of the cost.
            while k < bytes.count, let found = memchr(base + k, 0x0A, bytes.count - k) {
                k = UnsafeRawPointer(base).distance(to: found)
                if isDroppedNewline(at: k, in: bytes) {
                    out.append(UnsafeBufferPointer(rebasing: bytes[copied..<k]))
                    copied = k + 1
                }
                k += 1
            }
            out.append(UnsafeBufferPointer(rebasing: bytes[copied...]))
        }
    }

    /// Whether the newline at `k` goes: between two Chinese characters, or beside full-width punctuation (which carries its own space).
    private static func isDroppedNewline(at k: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard k > 0, k + 1 < bytes.count else { return false }
        // The text on either side, past the tags next to the newline (cmark escapes `<` and `>` everywhere else).
        var end = k
        while end > 0, bytes[end - 1] == UInt8(ascii: ">") {
            var open = end - 1
            while open > 0, bytes[open] != UInt8(ascii: "<") { open -= 1 }
            guard bytes[open] == UInt8(ascii: "<") else { return false }
            end = open
        }
        var start = k + 1
        while start < bytes.count, bytes[start] == UInt8(ascii: "<") {
            var close = start
            while close < bytes.count, bytes[close] != UInt8(ascii: ">") { close += 1 }
            guard close < bytes.count else { return false }
            start = close + 1
        }
        guard end > 0, start < bytes.count else { return false }
        // Both neighbours ASCII (most newlines): neither is wide nor punctuation, so no decoding.
        if bytes[end - 1] < 0x80, bytes[start] < 0x80 { return false }
        return CJKText.joinsLines(UTF8Scalars.scalar(endingAt: end, in: bytes), UTF8Scalars.scalar(startingAt: start, in: bytes).0)
    }

    static func isWide(_ s: Unicode.Scalar) -> Bool {
        CJKText.isHan(s) || CJKText.isFullWidthPunctuation(s)
    }
}
