#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Builds an HTML document as text: everything is escaped unless it goes through a visibly named raw call.
///
/// Plot's habit: `text(_:)` and attribute values are always escaped; the only ways to emit markup
/// verbatim are `trustedMarkup(_:)` (HTML this module generated itself or cmark's safe renderer
/// produced) and `authorRawHTML(_:)` (the author's own HTML, only when `allow-raw-html` is on).
struct HTMLWriter: ~Copyable {
    /// The document so far, as UTF-8: appending bytes is much cheaper than appending many short Strings.
    private var bytes: ByteBuffer

    init(reservingCapacity capacity: Int = 0) {
        bytes = ByteBuffer(capacity: capacity)
    }

    /// The document as text.
    var output: String { String(decoding: bytes.bytes, as: UTF8.self) }

    /// The document as UTF-8.
    var outputBytes: [UInt8] { bytes.bytes }

    /// Escaped character data.
    mutating func text(_ string: some StringProtocol) {
        HTMLEscaping.appendEscaped(string, to: &bytes, quotes: false)
    }

    /// Escaped character data given as UTF-8 (whole characters), e.g. a slice of highlighted source.
    mutating func text(utf8: UnsafeBufferPointer<UInt8>) {
        HTMLEscaping.appendEscaped(utf8, to: &bytes, quotes: false)
    }

    /// An element with escaped attributes and a body written by `content`.
    mutating func element(_ name: StaticString, _ attributes: [(StaticString, String?)] = [], _ content: (inout HTMLWriter) -> Void = { _ in }) {
        open(name, attributes)
        content(&self)
        close(name)
    }

    /// An element whose whole body is escaped text.
    mutating func element(_ name: StaticString, _ attributes: [(StaticString, String?)] = [], text: some StringProtocol) {
        open(name, attributes)
        self.text(text)
        close(name)
    }

    /// A start tag; attributes with a `nil` value are left out, empty ones become boolean attributes.
    mutating func open(_ name: StaticString, _ attributes: [(StaticString, String?)] = []) {
        bytes.append(UInt8(ascii: "<"))
        append(name)
        for (key, value) in attributes {
            guard let value else { continue }
            bytes.append(UInt8(ascii: " "))
            append(key)
            if !value.isEmpty || !HTMLWriter.booleanAttributes.contains(key.description) {
                append("=\"")
                HTMLEscaping.appendEscaped(value, to: &bytes, quotes: true)
                bytes.append(UInt8(ascii: "\""))
            }
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// A `<span>` from its whole start tag (`SwiftToken.Kind.openTag`, this module's own markup) around escaped UTF-8 text.
    mutating func span(openTag: StaticString, text: UnsafeBufferPointer<UInt8>) {
        append(openTag)
        HTMLEscaping.appendEscaped(text, to: &bytes, quotes: false)
        append("</span>")
    }

    mutating func close(_ name: StaticString) {
        append("</")
        append(name)
        bytes.append(UInt8(ascii: ">"))
    }

    /// A void element such as `<meta>` or `<link>`.
    mutating func void(_ name: StaticString, _ attributes: [(StaticString, String?)]) {
        open(name, attributes)
    }

    mutating func newline() {
        bytes.append(0x0A)
    }

    /// Markup produced by this module or by cmark's safe renderer; never user text.
    mutating func trustedMarkup(_ html: some StringProtocol) {
        append(utf8Of: html)
    }

    /// cmark's safe HTML of a paragraph, with line breaks between Chinese characters joined (see `CJKLineBreaks`).
    mutating func trustedProse(_ html: String) {
        CJKLineBreaks.append(html, to: &bytes)
    }

    /// The author's own raw HTML, written verbatim; callers must only reach this when `allow-raw-html` is on.
    mutating func authorRawHTML(_ html: some StringProtocol) {
        append(utf8Of: html)
    }

    /// Tag and attribute names, and fixed markup.
    @inline(__always)
    private mutating func append(_ markup: StaticString) {
        bytes.append(markup)
    }

    private mutating func append(utf8Of text: some StringProtocol) {
        // A copy from the String's own storage where it has one (always, for native Strings and their Substrings).
        if text.utf8.withContiguousStorageIfAvailable({ bytes.append($0) }) == nil {
            bytes.append(contentsOf: Array(text.utf8))
        }
    }

    static let booleanAttributes: Set<String> = ["hidden", "open", "defer", "async", "disabled", "novalidate"]
}

/// HTML escaping, also for text other layers place in pages (for example `serve`'s build overlay).
public enum HTMLEscaping {
    /// Appends `string`'s UTF-8 with `&`, `<`, `>` (and `"`, `'` in attributes) escaped.
    static func appendEscaped(_ string: some StringProtocol, to output: inout [UInt8], quotes: Bool) {
        withUTF8(of: string) { bytes in forEachEscapedPiece(bytes, quotes: quotes) { output.append(contentsOf: $0) } }
    }

    /// `appendEscaped(_:to:quotes:)` into a page being written.
    static func appendEscaped(_ string: some StringProtocol, to output: inout ByteBuffer, quotes: Bool) {
        withUTF8(of: string) { bytes in forEachEscapedPiece(bytes, quotes: quotes) { output.append($0) } }
    }

    /// `appendEscaped(_:to:quotes:)` on UTF-8 bytes.
    static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteBuffer, quotes: Bool) {
        forEachEscapedPiece(bytes, quotes: quotes) { output.append($0) }
    }

    /// The String's own UTF-8 where it has contiguous storage (always, for native Strings and their Substrings), else a copy.
    @inline(__always)
    private static func withUTF8(of string: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if string.utf8.withContiguousStorageIfAvailable(body) == nil {
            Array(string.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// The escaped form of `bytes`, piece by piece: runs that need no escaping, whole, and an entity for each character that does.
    @inline(__always)
    private static func forEachEscapedPiece(_ bytes: UnsafeBufferPointer<UInt8>, quotes: Bool, _ emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        // The characters to escape are ASCII, so work on bytes; most text has none of them, so eight bytes at
        // a time are tested for any (`mayNeedEscaping`) before one byte at a time is.
        var copied = 0
        var k = 0
        while k < count {
            if k + 8 <= count, !mayNeedEscaping(UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self), quotes: quotes) {
                k += 8
                continue
            }
            let entity: StaticString
            switch base[k] {
            case 0x26: entity = "&amp;"
            case 0x3C: entity = "&lt;"
            case 0x3E: entity = "&gt;"
            case 0x22 where quotes: entity = "&quot;"
            case 0x27 where quotes: entity = "&#39;"
            default:
                k += 1
                continue
            }
            if k > copied { emit(UnsafeBufferPointer(start: base + copied, count: k - copied)) }
            emit(UnsafeBufferPointer(start: entity.utf8Start, count: entity.utf8CodeUnitCount))
            k += 1
            copied = k
        }
        if copied < count { emit(UnsafeBufferPointer(start: base + copied, count: count - copied)) }
    }

    /// Whether any of eight bytes may be `&`, `<`, `>` (or, with `quotes`, `"` or `'`): a byte-wise
    /// "has zero byte" test on the word XORed with each; it may say yes wrongly, never no wrongly.
    @inline(__always)
    private static func mayNeedEscaping(_ word: UInt64, quotes: Bool) -> Bool {
        @inline(__always) func hasByte(_ value: UInt8) -> UInt64 {
            let x = word ^ (0x0101_0101_0101_0101 &* UInt64(value))
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        }
        var found = hasByte(0x26) | hasByte(0x3C) | hasByte(0x3E)
        if quotes { found |= hasByte(0x22) | hasByte(0x27) }
        return found != 0
    }

    public static func escaped(_ string: some StringProtocol, quotes: Bool = true) -> String {
        var out: [UInt8] = []
        appendEscaped(string, to: &out, quotes: quotes)
        return String(decoding: out, as: UTF8.self)
    }
}

extension StringProtocol {
    /// Byte-wise substring test, much cheaper than Foundation's locale-aware `contains`.
    func containsBytes(_ needle: StaticString) -> Bool {
        // The String's own storage where it has one: copying a whole page's text to search it is slow.
        if let found = utf8.withContiguousStorageIfAvailable({ Self.find(needle, in: $0) }) { return found }
        return Array(utf8).withUnsafeBufferPointer { Self.find(needle, in: $0) }
    }

    private static func find(_ needle: StaticString, in hay: UnsafeBufferPointer<UInt8>) -> Bool {
        let n = UnsafeRawPointer(needle.utf8Start), count = needle.utf8CodeUnitCount
        guard count > 0 else { return true }
        guard hay.count >= count, let base = hay.baseAddress else { return false }
        let first = Int32(n.load(as: UInt8.self))
        let candidates = hay.count - count + 1
        var i = 0
        // memchr jumps to each copy of the first byte: a byte-by-byte loop was most of the cost of looking at every paragraph.
        while i < candidates, let found = memchr(base + i, first, candidates - i) {
            i = UnsafeRawPointer(base).distance(to: found)
            if memcmp(base + i, n, count) == 0 { return true }
            i += 1
        }
        return false
    }
}

