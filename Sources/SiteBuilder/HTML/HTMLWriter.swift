import TutorbuildSupport

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
        XMLEscaping.withUTF8(of: string) { utf8 in text(utf8: utf8) }
    }

    /// Escaped character data given as UTF-8 (whole characters), e.g. a slice of highlighted source.
    mutating func text(utf8: UnsafeBufferPointer<UInt8>) {
        XMLEscaping.forEachEscapedPiece(utf8, in: .text) { bytes.append($0) }
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
                XMLEscaping.withUTF8(of: value) { utf8 in XMLEscaping.forEachEscapedPiece(utf8, in: .attribute) { bytes.append($0) } }
                bytes.append(UInt8(ascii: "\""))
            }
        }
        bytes.append(UInt8(ascii: ">"))
    }

    /// A `<span>` from its whole start tag (`SwiftToken.Kind.openTag`, this module's own markup) around escaped UTF-8 text.
    mutating func span(openTag: StaticString, text: UnsafeBufferPointer<UInt8>) {
        append(openTag)
        self.text(utf8: text)
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
