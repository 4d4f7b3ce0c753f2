/// Builds an HTML document as text: everything is escaped unless it goes through a visibly named raw call.
///
/// Plot's habit: `text(_:)` and attribute values are always escaped; the only ways to emit markup
/// verbatim are `trustedMarkup(_:)` (HTML this module generated itself or cmark's safe renderer
/// produced) and `authorRawHTML(_:)` (the author's own HTML, only when `allow-raw-html` is on).
struct HTMLWriter {
    private(set) var output: String = ""

    init(reservingCapacity capacity: Int = 0) {
        output.reserveCapacity(capacity)
    }

    /// Escaped character data.
    mutating func text(_ string: some StringProtocol) {
        HTMLEscaping.appendEscaped(string, to: &output, quotes: false)
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
        output += "<"
        output += name.description
        for (key, value) in attributes {
            guard let value else { continue }
            output += " "
            output += key.description
            if !value.isEmpty || !HTMLWriter.booleanAttributes.contains(key.description) {
                output += "=\""
                HTMLEscaping.appendEscaped(value, to: &output, quotes: true)
                output += "\""
            }
        }
        output += ">"
    }

    mutating func close(_ name: StaticString) {
        output += "</"
        output += name.description
        output += ">"
    }

    /// A void element such as `<meta>` or `<link>`.
    mutating func void(_ name: StaticString, _ attributes: [(StaticString, String?)]) {
        open(name, attributes)
    }

    mutating func newline() {
        output += "\n"
    }

    /// Markup produced by this module or by cmark's safe renderer; never user text.
    mutating func trustedMarkup(_ html: some StringProtocol) {
        output += html
    }

    /// The author's own raw HTML, written verbatim; callers must only reach this when `allow-raw-html` is on.
    mutating func authorRawHTML(_ html: some StringProtocol) {
        output += html
    }

    mutating func append(_ other: HTMLWriter) {
        output += other.output
    }

    static let booleanAttributes: Set<String> = ["hidden", "open", "defer", "async", "disabled", "novalidate"]
}

/// HTML escaping, also for text other layers place in pages (for example `serve`'s build overlay).
public enum HTMLEscaping {
    /// Appends `string` with `&`, `<`, `>` (and `"`, `'` in attributes) escaped.
    static func appendEscaped(_ string: some StringProtocol, to output: inout String, quotes: Bool) {
        // Fast path: most text needs no escaping at all.
        let utf8 = string.utf8
        if !utf8.contains(where: { $0 == 0x26 || $0 == 0x3C || $0 == 0x3E || (quotes && ($0 == 0x22 || $0 == 0x27)) }) {
            output += string
            return
        }
        // The characters to escape are ASCII, so work on bytes: appending scalar by scalar to a String is slow.
        var out: [UInt8] = []
        out.reserveCapacity(utf8.count + 32)
        for byte in utf8 {
            switch byte {
            case 0x26: out.append(contentsOf: "&amp;".utf8)
            case 0x3C: out.append(contentsOf: "&lt;".utf8)
            case 0x3E: out.append(contentsOf: "&gt;".utf8)
            case 0x22 where quotes: out.append(contentsOf: "&quot;".utf8)
            case 0x27 where quotes: out.append(contentsOf: "&#39;".utf8)
            default: out.append(byte)
            }
        }
        output += String(decoding: out, as: UTF8.self)
    }

    public static func escaped(_ string: some StringProtocol, quotes: Bool = true) -> String {
        var out = ""
        appendEscaped(string, to: &out, quotes: quotes)
        return out
    }

    /// Text safe inside a `<script>` element holding JSON: `<`, `>`, `&` and line separators become `\u` escapes.
    static func scriptSafeJSON(_ json: String) -> String {
        // Bytes, not scalars: U+2028 and U+2029 are E2 80 A8 and E2 80 A9 in UTF-8.
        let bytes = Array(json.utf8)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count + 32)
        var k = 0
        while k < bytes.count {
            let byte = bytes[k]
            switch byte {
            case 0x3C: out.append(contentsOf: "\\u003c".utf8)
            case 0x3E: out.append(contentsOf: "\\u003e".utf8)
            case 0x26: out.append(contentsOf: "\\u0026".utf8)
            case 0xE2 where k + 2 < bytes.count && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9):
                out.append(contentsOf: (bytes[k + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                k += 3
                continue
            default: out.append(byte)
            }
            k += 1
        }
        return String(decoding: out, as: UTF8.self)
    }
}

extension StringProtocol {
    /// Byte-wise substring test, much cheaper than Foundation's locale-aware `contains`.
    func containsBytes(_ needle: StaticString) -> Bool {
        let n = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let first = n.first else { return true }
        let hay = Array(utf8)
        guard hay.count >= n.count else { return false }
        var i = 0
        let last = hay.count - n.count
        while i <= last {
            if hay[i] == first {
                var j = 1
                while j < n.count, hay[i + j] == n[j] { j += 1 }
                if j == n.count { return true }
            }
            i += 1
        }
        return false
    }
}

