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
        for scalar in string.unicodeScalars {
            switch scalar {
            case "&": output += "&amp;"
            case "<": output += "&lt;"
            case ">": output += "&gt;"
            case "\"" where quotes: output += "&quot;"
            case "'" where quotes: output += "&#39;"
            default: output.unicodeScalars.append(scalar)
            }
        }
    }

    public static func escaped(_ string: some StringProtocol, quotes: Bool = true) -> String {
        var out = ""
        appendEscaped(string, to: &out, quotes: quotes)
        return out
    }

    /// Text safe inside a `<script>` element holding JSON: `<`, `>`, `&` and line separators become `\u` escapes.
    static func scriptSafeJSON(_ json: String) -> String {
        var out = ""
        out.reserveCapacity(json.utf8.count)
        for scalar in json.unicodeScalars {
            switch scalar {
            case "<": out += "\\u003c"
            case ">": out += "\\u003e"
            case "&": out += "\\u0026"
            case "\u{2028}": out += "\\u2028"
            case "\u{2029}": out += "\\u2029"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
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

